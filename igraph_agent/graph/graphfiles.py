"""Graph files and Arrow tables as sources: GraphML, GEXF, GML, Pajek, node-link JSON,
Parquet and Feather.

Graph formats are read by networkx's own readers, so a file gives exactly the graph
``networkx.read_*`` gives; the graph then becomes ``nodes``/``edges`` tables like an
attached networkx graph (scalar node and edge attributes kept, ``directed`` in the meta).
Parquet and Feather files are read with Arrow and become one ``table``, like a CSV.

Every failure is ``SOURCE_INVALID`` with a location in its message and ``details``: the
line (and column) for XML, GML, Pajek and JSON, the JSON path of a bad node-link entry
(``links[3]``), the byte offset for an Arrow file that is not one. A graph file is at most
``MAX_GRAPH_FILE_BYTES`` (the readers build the whole graph in memory, a few times the
file's size) and at most ``MAX_ROWS`` nodes and edges.

Example::

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "g.gml"
    >>> _ = p.write_text('graph [ node [ id 0 label "a" ] node [ id 1 label "b" ] '
    ...                  'edge [ source 0 target 1 weight 2.5 ] ]')
    >>> data = read_graph_file(p)
    >>> data.kind, list(data.tables["edges"].columns)
    ('gml', ['source', 'target', 'weight'])
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx

from igraph_agent.graph.sources import (
    MAX_COLUMNS,
    MAX_ROWS,
    SourceData,
    check_size,
    file_digest,
    from_dataframe,
    from_networkx,
    invalid,
)

#: suffix -> source kind, for graph formats
GRAPH_SUFFIXES = {".graphml": "graphml", ".gexf": "gexf", ".gml": "gml", ".net": "pajek",
                  ".json": "node_link"}
#: suffix -> source kind, for Arrow tables
ARROW_SUFFIXES = {".parquet": "parquet", ".feather": "feather", ".arrow": "feather"}
#: graph files are parsed whole in memory; larger ones are refused from their size
MAX_GRAPH_FILE_BYTES = 64 * 1024 * 1024

_FORMAT_NAMES = {"graphml": "GraphML", "gexf": "GEXF", "gml": "GML", "pajek": "Pajek",
                 "node_link": "node-link JSON", "parquet": "Parquet", "feather": "Feather"}
_GML_AT = re.compile(r"at \((\d+), (\d+)\)")


def read_graph_file(path: Path) -> SourceData:
    """A GraphML, GEXF, GML, Pajek or node-link JSON file as ``nodes``/``edges`` tables."""
    kind = GRAPH_SUFFIXES[path.suffix.lower()]
    size = check_size(path)
    if size > MAX_GRAPH_FILE_BYTES:
        raise invalid(f"{path.name} is {size} bytes; the limit for a graph file is "
                      f"{MAX_GRAPH_FILE_BYTES}",
                      hint="export a subgraph, or the edges as a CSV or Parquet table "
                      "(see docs/limits.md)")
    g = _READERS[kind](path)
    if g.number_of_nodes() > MAX_ROWS or g.number_of_edges() > MAX_ROWS:
        raise invalid(f"{path.name} has {g.number_of_nodes()} nodes and {g.number_of_edges()} "
                      f"edges; the limit is {MAX_ROWS} of each",
                      hint="export a subgraph first (see docs/limits.md)")
    data = from_networkx(g, path.name)
    data.kind = kind
    data.meta["sha256"] = file_digest(kind, path)
    data.meta["format"] = _FORMAT_NAMES[kind]
    data.meta["multigraph"] = g.is_multigraph()
    return data


def read_arrow_table(path: Path) -> SourceData:
    """A Parquet or Feather (Arrow IPC) file as one ``table``, like a CSV."""
    kind = ARROW_SUFFIXES[path.suffix.lower()]
    check_size(path)
    _check_magic(path, kind)
    import pyarrow as pa

    try:
        if kind == "parquet":
            import pyarrow.parquet as pq

            meta = pq.ParquetFile(path).metadata
            _check_shape(path, meta.num_rows, meta.num_columns)
            table = pq.read_table(path)
        else:
            import pyarrow.feather as feather

            table = feather.read_table(path)
            _check_shape(path, table.num_rows, table.num_columns)
        df = table.to_pandas()
    except (pa.ArrowException, OSError, ValueError) as exc:
        raise invalid(f"{path.name}: the {_FORMAT_NAMES[kind]} file could not be read: {exc}",
                      hint=f"write the file again with pandas' to_{kind}()") from None
    data = from_dataframe(df, path.name)
    data.kind = kind
    data.meta["sha256"] = file_digest(kind, path)
    return data


def _check_magic(path: Path, kind: str) -> None:
    """A Parquet file starts and ends with ``PAR1``; an Arrow IPC file starts with ``ARROW1``."""
    size = path.stat().st_size
    with open(path, "rb") as fh:
        head = fh.read(6)
        fh.seek(max(size - 4, 0))
        tail = fh.read(4)
    name = _FORMAT_NAMES[kind]
    if kind == "parquet" and head[:4] != b"PAR1":
        raise invalid(f"{path.name} is not a Parquet file (byte offset 0: no 'PAR1' header)",
                      hint="write it with DataFrame.to_parquet()", offset=0)
    if kind == "parquet" and (size < 12 or tail != b"PAR1"):
        raise invalid(f"{path.name}: the Parquet file is cut short (byte offset {size - 4}: "
                      "no 'PAR1' footer)", hint="copy or write the file again", offset=size - 4)
    if kind == "feather" and head != b"ARROW1":
        raise invalid(f"{path.name} is not a {name} (Arrow IPC) file (byte offset 0: no "
                      "'ARROW1' header)", hint="write it with DataFrame.to_feather()", offset=0)


def _check_shape(path: Path, rows: int, columns: int) -> None:
    if rows > MAX_ROWS or columns > MAX_COLUMNS:
        raise invalid(f"{path.name} has {rows} rows and {columns} columns; the limits are "
                      f"{MAX_ROWS} rows and {MAX_COLUMNS} columns",
                      hint="keep the rows and columns the graph needs (see docs/limits.md)")
    if rows == 0:
        raise invalid(f"{path.name} has no rows", hint="attach a table with rows")


# -- graph readers ----------------------------------------------------------------------
def _read_xml(reader: Callable[[Path], nx.Graph], fmt: str) -> Callable[[Path], nx.Graph]:
    def read(path: Path) -> nx.Graph:
        from xml.etree.ElementTree import ParseError

        try:
            return reader(path)
        except ParseError as exc:
            line, column = exc.position
            raise invalid(f"{path.name}: line {line}, column {column + 1}: not well-formed "
                          f"{fmt} XML ({_xml_reason(exc)})", line=line, column=column + 1
                          ) from None
        except (nx.NetworkXError, KeyError, ValueError, TypeError, AttributeError) as exc:
            raise _graph_error(path, fmt, exc, _first_line(path, exc)) from None
    return read


def _xml_reason(exc: Exception) -> str:
    return re.sub(r":\s*line \d+, column \d+$", "", str(exc))


def _first_line(path: Path, exc: Exception) -> int | None:
    """The first line naming the value an XML reader refused (a key or id), when there is one."""
    words = re.findall(r"'([^']{1,200})'|\bkey (\S+)$", str(exc))
    words = [w for pair in words for w in pair if w]
    if not words:
        return None
    with open(path, encoding="utf-8", errors="replace") as fh:
        for i, line in enumerate(fh, 1):
            if any(f'"{w}"' in line or f"'{w}'" in line for w in words):
                return i
    return None


def _graph_error(path: Path, fmt: str, exc: Exception, line: int | None) -> Exception:
    where = f"line {line}: " if line else ""
    reason = str(exc).strip() or type(exc).__name__
    if isinstance(exc, KeyError):
        reason = f"undeclared key or attribute {reason}"
    return invalid(f"{path.name}: {where}not a valid {fmt} graph: {reason}",
                   hint=f"export the graph again as {fmt}, or check the line shown", line=line)


def _read_gml(path: Path) -> nx.Graph:
    try:
        return nx.read_gml(path)
    except UnicodeDecodeError as exc:
        raise invalid(f"{path.name}: byte offset {exc.start}: GML must be ASCII or UTF-8",
                      offset=exc.start) from None
    except (nx.NetworkXError, ValueError, KeyError, TypeError) as exc:
        found = _GML_AT.search(str(exc))
        if found:
            line, column = int(found[1]), int(found[2])
            reason = _GML_AT.sub("", str(exc)).strip()
            raise invalid(f"{path.name}: line {line}, column {column}: not valid GML: {reason}",
                          hint="check the brackets and the keys at that line", line=line,
                          column=column) from None
        raise _graph_error(path, "GML", exc, _gml_element_line(path, str(exc))) from None


def _gml_element_line(path: Path, message: str) -> int | None:
    """The line of ``node #i`` / ``edge #i`` a GML error names (the i-th ``node [``)."""
    found = re.search(r"\b(node|edge) #(\d+)", message)
    if not found:
        return _first_line(path, Exception(message))
    word, index = found[1], int(found[2])
    seen = -1
    with open(path, encoding="utf-8", errors="replace") as fh:
        for i, line in enumerate(fh, 1):
            seen += len(re.findall(rf"\b{word}\s*\[", line))
            if seen >= index:
                return i
    return None


def _read_pajek(path: Path) -> nx.Graph:
    """Pajek ``.net``: the lines are checked first (networkx's parser names no line)."""
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except UnicodeDecodeError as exc:
        raise invalid(f"{path.name}: byte offset {exc.start}: a Pajek file must be UTF-8 text",
                      offset=exc.start) from None
    _check_pajek(path.name, lines)
    try:
        g = nx.parse_pajek(lines)
    except (ValueError, IndexError, StopIteration) as exc:
        raise invalid(f"{path.name}: not a valid Pajek file: {exc}") from None
    for _, attrs in g.nodes(data=True):  # the vertex number; "id" is the node's own column
        if "id" in attrs:
            attrs["pajek_id"] = attrs.pop("id")
    return g


def _check_pajek(name: str, lines: list[str]) -> None:
    section, remaining, seen_vertices = "", 0, False
    for i, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{name}: line {i}"
        if remaining:
            fields = _pajek_fields(line, where, i)
            if len(fields) < 2:
                raise invalid(f"{where}: a vertex line needs an id and a label, found "
                              f"{line!r}", hint="write vertices as: 1 \"label\"", line=i)
            remaining -= 1
            continue
        if not line or line.startswith("%"):
            continue
        if line.startswith("*"):
            section = line.split()[0].lower()
            if section == "*vertices":
                parts = line.split()
                if len(parts) < 2 or not parts[1].isdigit():
                    raise invalid(f"{where}: '*Vertices' needs the number of vertices, found "
                                  f"{line!r}", hint="write: *Vertices 34", line=i)
                remaining, seen_vertices = int(parts[1]), True
            elif section not in {"*network", "*edges", "*arcs", "*edgeslist", "*arcslist"}:
                raise invalid(f"{where}: unknown Pajek section {line.split()[0]!r}",
                              hint="a Pajek file has *Vertices, then *Edges or *Arcs", line=i)
            continue
        if section in {"*edges", "*arcs"}:
            fields = _pajek_fields(line, where, i)
            if len(fields) < 2:
                raise invalid(f"{where}: an edge line needs two vertex ids, found {line!r}",
                              hint="write edges as: 1 2 [weight]", line=i)
        elif section == "*network":
            continue
        else:
            raise invalid(f"{where}: {line!r} is outside any Pajek section",
                          hint="a Pajek file starts with *Vertices N", line=i)
    if remaining:
        raise invalid(f"{name}: line {len(lines)}: the file ends {remaining} vertex line(s) "
                      "short of the '*Vertices' count", line=len(lines))
    if not seen_vertices:
        raise invalid(f"{name}: line 1: no '*Vertices' section; this is not a Pajek file",
                      hint="a Pajek file starts with *Vertices N", line=1)


def _pajek_fields(line: str, where: str, i: int) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError as exc:
        raise invalid(f"{where}: {exc} in {line!r}", hint="close the quotes of the label",
                      line=i) from None


def _read_node_link(path: Path) -> nx.Graph:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise invalid(f"{path.name}: byte offset {exc.start}: JSON must be UTF-8",
                      offset=exc.start) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise invalid(f"{path.name}: line {exc.lineno}, column {exc.colno}: not valid JSON "
                      f"({exc.msg})", line=exc.lineno, column=exc.colno) from None
    edges_key = _check_node_link(path.name, data)
    try:
        return nx.node_link_graph(data, directed=bool(data.get("directed", False)),
                                  multigraph=bool(data.get("multigraph", False)),
                                  edges=edges_key)
    except (nx.NetworkXError, KeyError, TypeError, ValueError) as exc:
        raise invalid(f"{path.name}: not a node-link graph: {exc}") from None


def _check_node_link(name: str, data: Any) -> str:
    """The key holding the edges (``links`` or ``edges``); each entry checked, by JSON path."""
    hint = 'node-link JSON is {"nodes": [{"id": …}], "links": [{"source": …, "target": …}]}'
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        raise invalid(f"{name}: at the top level: no \"nodes\" list; not node-link JSON "
                      "(networkx node_link_data)", hint=hint, path="$")
    key = "links" if "links" in data else "edges" if "edges" in data else None
    if key is None or not isinstance(data[key], list):
        raise invalid(f"{name}: at the top level: no \"links\" (or \"edges\") list", hint=hint,
                      path="$")
    ids = set()
    for i, node in enumerate(data["nodes"]):
        if not isinstance(node, dict) or "id" not in node:
            raise invalid(f"{name}: at nodes[{i}]: a node needs an \"id\"", hint=hint,
                          path=f"nodes[{i}]")
        if isinstance(node["id"], dict | list):
            raise invalid(f"{name}: at nodes[{i}]: the id is a JSON {type(node['id']).__name__}, "
                          "not a name or number", hint=hint, path=f"nodes[{i}]")
        ids.add(_hashable(node["id"]))
    for i, link in enumerate(data[key]):
        for end in ("source", "target"):
            if not isinstance(link, dict) or end not in link:
                raise invalid(f"{name}: at {key}[{i}]: an edge needs a \"{end}\"", hint=hint,
                              path=f"{key}[{i}]")
            if _hashable(link[end]) not in ids:
                raise invalid(f"{name}: at {key}[{i}]: the {end} {link[end]!r} is no node's id",
                              hint="add the node to \"nodes\"", path=f"{key}[{i}]")
    return key


def _hashable(value: Any) -> Any:
    return json.dumps(value) if isinstance(value, dict | list) else value


_READERS: dict[str, Callable[[Path], nx.Graph]] = {
    "graphml": _read_xml(lambda p: nx.read_graphml(p), "GraphML"),
    "gexf": _read_xml(lambda p: nx.read_gexf(p), "GEXF"),
    "gml": _read_gml,
    "pajek": _read_pajek,
    "node_link": _read_node_link,
}

