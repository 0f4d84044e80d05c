"""A drawing as plain data and a light, self-contained page (no drawing library per picture).

Positions come from igraph's Fruchterman-Reingold layout (seeded, so a drawing is the same
every time) and are fixed: nothing simulates physics, the picture is there as soon as the
page is. The page is an inline SVG (edges as one path, nodes as circles with hover titles)
plus a ~2 KB script for zoom (wheel), pan and node dragging; without scripts (a static
viewer) the SVG still shows. A 200-node drawing is ~30–40 KB, where an inlined vis.js page
was ~960 KB.

Example::

    >>> g = nx.karate_club_graph()
    >>> groups = {n: g.nodes[n]["club"] for n in g}
    >>> sizes = dict(g.degree())
    >>> drawing = layout(g, groups, sizes, {"Mr. Hi": "#1f77b4", "Officer": "#ff7f0e"})
    >>> len(drawing["nodes"]), len(drawing["edges"]) // 2
    (34, 78)
    >>> fragment = render_fragment(drawing, "Graph overview", "34 nodes, 78 edges", "degree")
    >>> page = render_page(fragment, "Graph overview")
    >>> page.count("<svg"), "Graph overview" in page
    (1, True)
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable
from typing import Any

import networkx as nx

SIZE = 1000  # the SVG's coordinate box
LABELS = 40  # at most this many node labels drawn (the largest nodes); all have hover titles
SEED = 42
FONT = 24  # label size in the SVG's units: ~13 px on screen in a notebook cell
MARGIN = 30  # room around the layout box for labels and rings
EDGE = 120  # labels of nodes this close to a side run inwards
# The theme's colours where the page sits in JupyterLab (a plain page falls back to the
# light values): label text with a halo of the background, so it reads over edges.
TEXT = ("fill:var(--jp-ui-font-color0,#222);stroke:var(--jp-layout-color0,#fff);"
        "stroke-width:4px;paint-order:stroke;stroke-linejoin:round")
RINGS = "stroke:var(--jp-layout-color0,#fff)"
FOCUS_RING = "stroke:var(--jp-ui-font-color0,#222);stroke-width:5px"

SCRIPT = """<script>(()=>{const s=document.currentScript.previousElementSibling,
v=s.viewBox.baseVal,C=[...s.querySelectorAll('circle')],E=JSON.parse(s.dataset.e),
P=e=>{const p=s.createSVGPoint();p.x=e.clientX;p.y=e.clientY;
return p.matrixTransform(s.getScreenCTM().inverse())};let d=null,o=null;
s.addEventListener('wheel',e=>{e.preventDefault();const p=P(e),k=e.deltaY>0?1.15:1/1.15;
v.x=p.x-(p.x-v.x)*k;v.y=p.y-(p.y-v.y)*k;v.width*=k;v.height*=k},{passive:false});
s.addEventListener('pointerdown',e=>{const c=e.target.closest('circle');o=P(e);
d=c?{c,n:+c.dataset.i}:{pan:1};s.setPointerCapture(e.pointerId)});
s.addEventListener('pointermove',e=>{if(!d)return;const p=P(e);if(d.pan){v.x-=p.x-o.x;
v.y-=p.y-o.y;return}d.c.setAttribute('cx',p.x);d.c.setAttribute('cy',p.y);
const t=s.querySelector('[data-l="'+d.n+'"]');if(t){t.setAttribute('x',p.x);
t.setAttribute('y',p.y-8)}const N=C.map(c=>[+c.getAttribute('cx'),+c.getAttribute('cy')]);
let q='';for(let i=0;i<E.length;i+=2){const a=N[E[i]],b=N[E[i+1]];
q+='M'+a[0].toFixed(0)+' '+a[1].toFixed(0)+'L'+b[0].toFixed(0)+' '+b[1].toFixed(0)}
s.querySelector('path').setAttribute('d',q)});
s.addEventListener('pointerup',()=>{d=null})})()</script>"""


def layout(g: nx.Graph, groups: dict[Any, str], sizes: dict[Any, float],
           colours: dict[str, str], focus: Iterable[Any] = (),
           labelled_nodes: Iterable[Any] = ()) -> dict[str, Any]:
    """Plain data: node positions (igraph layout, seeded), radii, colours, labels, edges.

    ``focus`` nodes (a neighbourhood's centre) are highlighted; they and ``labelled_nodes``
    (its neighbours) always carry a label, beside the largest nodes."""
    import igraph as ig

    nodes = list(g.nodes)
    index = {n: i for i, n in enumerate(nodes)}
    edges = [(index[u], index[v]) for u, v in g.edges() if u != v]
    h = ig.Graph(n=len(nodes), edges=edges)
    ig.set_random_number_generator(random.Random(SEED))
    try:
        coords = h.layout_fruchterman_reingold(niter=500).coords if len(nodes) > 1 else [[0, 0]]
    finally:
        ig.set_random_number_generator(random)
    xy = _fit(coords)
    top = max(sizes.values(), default=1.0) or 1.0
    radius = [round(4 + 14 * (sizes.get(n, 0.0) / top), 1) for n in nodes]
    focus, named = set(focus), set(labelled_nodes)
    labelled = set(sorted(range(len(nodes)), key=lambda i: -radius[i])[:LABELS])
    return {"nodes": [{"x": xy[i][0], "y": xy[i][1], "r": radius[i],
                       "colour": colours[groups[n]], "label": str(g.nodes[n].get("label", n)),
                       "group": groups[n], "size": round(sizes.get(n, 0.0), 4),
                       "focus": n in focus,
                       "show_label": i in labelled or n in focus or n in named}
                      for i, n in enumerate(nodes)],
            "edges": [i for e in edges for i in e], "directed": g.is_directed()}


def render_svg(drawing: dict[str, Any], size_by: str) -> str:
    """The drawing as an inline SVG followed by its zoom / pan / drag script."""
    import json

    nodes = drawing["nodes"]
    e = drawing["edges"]
    path = "".join(f"M{nodes[e[i]]['x']} {nodes[e[i]]['y']}L{nodes[e[i + 1]]['x']} "
                   f"{nodes[e[i + 1]]['y']}" for i in range(0, len(e), 2))
    circles, labels = [], []
    for i, n in enumerate(nodes):  # unquoted attribute values: valid HTML, fewer bytes
        hover = html.escape(f"{n['label']} · group {n['group']} · {size_by} {n['size']}")
        ring = f' style="{FOCUS_RING}"' if n.get("focus") else ""
        circles.append(f"<circle data-i={i} cx={n['x']} cy={n['y']} r={n['r']} "
                       f"fill={n['colour']}{ring}><title>{hover}</title></circle>")
        if n["show_label"]:
            # near the sides a label runs inwards, so no label is cut off
            anchor = ("" if EDGE < n["x"] < SIZE - EDGE else
                      " text-anchor=start" if n["x"] <= EDGE else " text-anchor=end")
            labels.append(f"<text data-l={i} x={n['x']} y={n['y'] - n['r'] - 4}{anchor}>"
                          f"{html.escape(n['label'][:24])}</text>")
    return (f'<svg viewBox="{-MARGIN} {-MARGIN - FONT} {SIZE + 2 * MARGIN} '
            f'{SIZE + 2 * MARGIN + FONT}" data-e={json.dumps(e, separators=(",", ":"))} '
            'style="width:100%;height:640px;touch-action:none;cursor:grab;user-select:none;'
            f'font:{FONT}px sans-serif" xmlns="http://www.w3.org/2000/svg">'
            f'<path d="{path}" stroke="#999" stroke-opacity=".5" fill="none"/>'
            f'<g stroke="#fff" stroke-width="1" style="{RINGS}">{"".join(circles)}</g>'
            f'<g text-anchor="middle" fill="#333" pointer-events="none" style="{TEXT}">'
            f'{"".join(labels)}</g></svg>{SCRIPT}')


def render_fragment(drawing: dict[str, Any], title: str, caption: str, size_by: str) -> str:
    """The drawing with its one-line header, to place inside a page or a notebook output."""
    return (f"<div class=iga-drawing><div style=\"font:14px sans-serif;margin:4px 8px\">"
            f"<b>{html.escape(title)}</b> · {caption}</div>{render_svg(drawing, size_by)}</div>")


def render_page(fragment: str, title: str) -> str:
    """A self-contained HTML page around :func:`render_fragment`'s output."""
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title></head><body style=\"margin:0\">"
            f"{fragment}</body></html>")


def _fit(coords: list[list[float]]) -> list[tuple[int, int]]:
    """Scale a layout into the SIZE box, as whole numbers (small and exact enough)."""
    xs, ys = [c[0] for c in coords], [c[1] for c in coords]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    return [(round((x - min(xs)) / span * SIZE), round((y - min(ys)) / span * SIZE))
            for x, y in coords]
