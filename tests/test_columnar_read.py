"""The fast CSV reads -- the plain read from the bytes (graph/plaincsv.py) and the columnar
text pass -- give the row pass's table, line numbers and coded errors: on every file of
tests/data/malformed/ and on valid files of every shape the row pass accepts."""

from __future__ import annotations

from pathlib import Path

import pytest

from igraph_agent.errors import ToolError
from igraph_agent.graph import plaincsv, sources

MALFORMED = sorted((Path(__file__).parent / "data" / "malformed").iterdir())


def _read(path: Path, columnar: bool, monkeypatch, plain: bool | None = None) -> object:
    """The file read with the fast reads on (``columnar``), or by the row pass alone;
    ``plain=False`` turns off only the plain read."""
    with monkeypatch.context() as mp:
        if not columnar:
            mp.setattr(sources, "_columnar_lines", lambda *a, **k: None)
        if not (columnar if plain is None else plain):
            mp.setattr(plaincsv, "plain_table", lambda *a, **k: None)
        try:
            return sources.read_path(path)
        except ToolError as exc:
            return ("error", exc.code, exc.message, exc.hint, exc.details)


@pytest.mark.parametrize("path", MALFORMED, ids=[p.name for p in MALFORMED])
def test_every_malformed_file_gets_the_row_pass_coded_error(path, monkeypatch):
    fast, slow = _read(path, True, monkeypatch), _read(path, False, monkeypatch)
    assert isinstance(slow, tuple) and slow[1].value == "SOURCE_INVALID"
    assert fast == slow


VALID = {
    "plain.csv": "a,b,weight\nx,y,1.5\ny,z,2\n",
    "crlf and no final newline.csv": "a,b\r\nx,y\r\ny,z",
    "blank and separator-only lines.csv": "\n\na,b\n\nx,y\n,\n  \ny,z\n\n",
    "spaces after separators.csv": "src, dst, kind\n 007, 010, friend\n008,  011,  foe\n",
    "tabs.tsv": "who\twhom\nann\tbo\nbo\tcy\n",
    "accents.csv": "a,b\nZoë,Renée\nRenée,Łukasz\n",
    "missing endpoint.csv": "source,target\nx,y\nz,\n",
    "bad weight.csv": "source,target,weight\nx,y,1\ny,z,heavy\n",
    "ragged late.csv": "a,b\n" + "x,y\n" * 50 + "x,y,z\n",
    "quoted.csv": 'a,b\n"x, jr",y\ny,z\n',
    "separators only, no spaces.csv": "\n\nsource,target,w\n1,2,0.5\n,,\n2,3,\n\n3,1,2e3\n",
    "byte order mark and numbers.csv": "\ufeffid_a,id_b,n\n007,1,3\n8,2,-4\n9,3,+5\n",
    "tab and space fields.csv": "a,b,c\nx,\t,1\ny, ,2\nz,  q ,3\n",
    "huge integers.csv": "a,b\n18446744073709551616,1\n2,-3\n",
    "hex and signs.csv": "a,b,c\n0x10,+5,-0\n0X1F,6,7\n",
    "integer columns of every spelling.csv": (
        "shop,aisle,bin,gap,late_hex,pad,neg\n"
        "12,  3,0,4,17,00,-12\n7,41,-0,,18,01,-7\n9,5,22,6,0xff,2,-0\n"),
}

#: files the Arrow reader reads (the others fall back to pandas)
ARROW_READ = ["plain.csv", "crlf and no final newline.csv", "spaces after separators.csv",
              "tabs.tsv", "accents.csv", "missing endpoint.csv", "bad weight.csv",
              "separators only, no spaces.csv", "byte order mark and numbers.csv",
              "tab and space fields.csv", "huge integers.csv", "hex and signs.csv",
              "integer columns of every spelling.csv"]


@pytest.mark.parametrize("name", list(VALID))
def test_the_columnar_read_equals_the_row_pass(tmp_path, name, monkeypatch):
    path = tmp_path / name
    path.write_bytes(VALID[name].encode())
    fast, slow = _read(path, True, monkeypatch), _read(path, False, monkeypatch)
    if isinstance(slow, tuple):
        assert fast == slow
        return
    assert list(fast.tables) == list(slow.tables)
    for key in slow.tables:
        assert fast.tables[key].equals(slow.tables[key])
        assert list(fast.tables[key].dtypes) == list(slow.tables[key].dtypes)
    assert fast.meta == slow.meta


def test_line_numbers_of_the_columnar_read_name_the_offending_line(tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text("source,target\n\nx,y\n\n\ny,\n")
    assert sources._columnar_lines(path.read_text(), path.name, ",") == (
        ["source", "target"], [3, 6])
    with pytest.raises(ToolError) as err:
        sources.read_path(path)
    assert err.value.details["line"] == 6


@pytest.mark.parametrize("text", ["source,target\nx,y\ny,\n", "\n\nsource,target\nx,y\nz,w\ny,\n",
                                  "source,target\r\nx,y\r\ny,\r\nz,w"])
def test_a_file_without_blank_rows_names_the_offending_line_as_the_row_pass(tmp_path, text,
                                                                             monkeypatch):
    """Rows on consecutive lines are numbered by a range, not a list: the same numbers."""
    path = tmp_path / "edges.csv"
    path.write_bytes(text.encode())
    header, lines = sources._columnar_lines(text, path.name, ",")
    first = text.replace("\r", "").split("\n").index("source,target") + 2
    assert header == ["source", "target"] and isinstance(lines, range)
    assert list(lines) == list(range(first, first + text.count(",") - 1))
    fast, slow = _read(path, True, monkeypatch), _read(path, False, monkeypatch)
    assert isinstance(fast, tuple) and fast == slow
    assert fast[4]["line"] == text.replace("\r", "").split("\n").index("y,") + 1


@pytest.mark.parametrize("name", ARROW_READ)
def test_arrow_reads_the_columnar_files_as_pandas_does(tmp_path, name):
    """The Arrow parse of a file the columnar check accepted is the table pandas reads."""
    path = tmp_path / name
    path.write_bytes(VALID[name].encode())
    sep = "\t" if name.endswith(".tsv") else ","
    text = sources._checked_text(path)
    header, lines = sources._columnar_lines(text, name, sep)
    fast = sources._arrow_table(text, sep, header, lines)
    assert fast is not None
    slow = sources._read_table(path, sep, header, lines)
    assert fast.equals(slow) and list(fast.dtypes) == list(slow.dtypes)


def test_hex_stays_text_and_signed_integers_are_numbers(tmp_path):
    path = tmp_path / "ids.csv"
    path.write_text("a,b,c\n0x10,+5,-0\n0X1F,6,7\n")
    table = sources.read_path(path).tables["table"]
    assert table["a"].tolist() == ["0x10", "0X1F"]
    assert table["b"].tolist() == [5, 6] and table["c"].tolist() == [0, 7]


def test_integer_columns_read_by_arrow_keep_what_typing_keeps_as_text(tmp_path):
    """Columns of plain integers become int64 in Arrow; a leading zero, a hex value in a
    late row or a missing value keeps each column as typing the strings would keep it."""
    path = tmp_path / "stock.csv"
    path.write_text(VALID["integer columns of every spelling.csv"])
    table = sources.read_path(path).tables["table"]
    assert table["shop"].tolist() == [12, 7, 9] and str(table["shop"].dtype) == "int64"
    assert table["aisle"].tolist() == [3, 41, 5] and table["neg"].tolist() == [-12, -7, 0]
    assert table["bin"].tolist() == [0, 0, 22]
    assert table["late_hex"].tolist() == ["17", "18", "0xff"]
    assert table["pad"].tolist() == ["00", "01", "2"]
    assert str(table["gap"].dtype) == "float64" and table["gap"].isna().tolist() == [
        False, True, False]


#: valid files the plain read takes (the others go to the text passes)
PLAIN = {
    "plain.csv": "a,b,weight\nx,y,1.5\ny,z,2\n",
    "crlf and no final newline.csv": "a,b\r\nx,y\r\ny,z",
    "tabs.tsv": "who\twhom\nann\tbo\nbo\tcy\n",
    "integers.csv": "source,target\n1,2\n2,30\n0,1\n-4,7\n",
    "signs and a late hex.csv": "a,b,c,d\n1,+5,-0,3\n2,6,7,0x1f\n",
    "padded ids.csv": "a,b\n007,1\n8,2\n",
    "huge integers.csv": "a,b\n18446744073709551616,1\n2,-3\n",
    "inner spaces.csv": "from,to,kind\nNew York,Boston,road trip\nBoston,Maine ,ferry\n",
    "numbers of every kind.csv": "a,b,w,t\nx,y,1e3,inf\ny,z,2.5,nan\n",
}


@pytest.mark.parametrize("name", list(PLAIN))
def test_the_plain_read_gives_the_text_passes_table(tmp_path, name, monkeypatch):
    """A plain file is read from its bytes (no text pass runs), and the table, its dtypes,
    the line numbers and the meta are those of the columnar text pass and the row pass."""
    path = tmp_path / name
    path.write_bytes(PLAIN[name].encode())
    sep = "\t" if name.endswith(".tsv") else ","
    table, lines = plaincsv.plain_table(path.read_bytes(), name, sep)
    assert list(lines) == list(range(2, 2 + len(table)))
    with monkeypatch.context() as mp:
        mp.setattr(sources, "_checked_text", lambda *a, **k: pytest.fail("text pass ran"))
        fast = sources.read_path(path)
    for other in (_read(path, True, monkeypatch, plain=False), _read(path, False, monkeypatch)):
        assert fast.tables["table"].equals(other.tables["table"])
        assert list(fast.tables["table"].dtypes) == list(other.tables["table"].dtypes)
        assert fast.meta == other.meta


#: files of VALID the plain read declines: blank or separator-only lines, leading spaces,
#: non-ASCII text, an empty field, a ragged row, quotes, a byte order mark
NOT_PLAIN = ["blank and separator-only lines.csv", "spaces after separators.csv",
             "accents.csv", "missing endpoint.csv", "ragged late.csv", "quoted.csv",
             "separators only, no spaces.csv", "byte order mark and numbers.csv",
             "tab and space fields.csv", "integer columns of every spelling.csv"]


@pytest.mark.parametrize("name", list(VALID))
def test_files_that_are_not_plain_are_left_to_the_text_passes(tmp_path, name, monkeypatch):
    """The plain read declines exactly the files with something unusual in them, and takes
    the others with the row pass's table."""
    text = VALID[name]
    plain = plaincsv.plain_table(text.encode(), name, "\t" if name.endswith(".tsv") else ",")
    assert (plain is None) == (name in NOT_PLAIN)
    if plain is not None:
        path = tmp_path / name
        path.write_bytes(text.encode())
        fast, slow = _read(path, True, monkeypatch), _read(path, False, monkeypatch)
        if isinstance(slow, tuple):  # a bad weight: checked after the read, named the same
            assert fast == slow
        else:
            assert plain[0].equals(slow.tables["table"])


@pytest.mark.parametrize("path", MALFORMED, ids=[p.name for p in MALFORMED])
def test_the_plain_read_keeps_every_malformed_files_coded_error(path, monkeypatch):
    """With only the plain read in front of the row pass, every malformed file still gets
    the row pass's coded error (the plain read declines it or names it the same way)."""
    with monkeypatch.context() as mp:
        mp.setattr(sources, "_columnar_lines", lambda *a, **k: None)
        try:
            sources.read_path(path)
            got = None
        except sources.ToolError as exc:
            got = (exc.code, exc.message, exc.hint, exc.details)
    slow = _read(path, False, monkeypatch)
    assert isinstance(slow, tuple) and got == slow[1:]


def test_a_plain_file_with_a_row_too_wide_declines_and_the_row_pass_names_it(tmp_path,
                                                                             monkeypatch):
    path = tmp_path / "edges.csv"
    path.write_text("source,target\n" + "1,2\n" * 10 + "3,4,5\n")
    assert plaincsv.plain_table(path.read_bytes(), path.name, ",") is None
    fast, slow = _read(path, True, monkeypatch), _read(path, False, monkeypatch)
    assert isinstance(fast, tuple) and fast == slow and fast[4]["line"] == 12


def test_a_plain_file_over_the_row_limit_declines(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_ROWS", 3)
    text = b"a,b\n1,2\n2,3\n3,4\n4,5\n"
    assert plaincsv.plain_table(text, "e.csv", ",") is None
    assert plaincsv.plain_table(text[:-8], "e.csv", ",") is not None
