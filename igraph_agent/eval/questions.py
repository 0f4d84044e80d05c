"""Question files: the graphs a set asks about and its questions, each with an oracle.

A file is YAML (``.yaml``/``.yml``) or JSONL (``.jsonl``). YAML holds a mapping with
``graphs`` (name -> :class:`GraphSpec`) and ``questions``; a question may list several
wordings under ``ask`` that share its oracle (each becomes its own question, id suffixed
``.1``, ``.2`` …). In JSONL each line is a question; a line ``{"graphs": {...}}`` defines
graphs for the lines after it.

Example (YAML)::

    graphs:
      karate: {networkx: karate_club_graph}
    questions:
      - id: karate.hub
        graph: karate
        category: degree
        oracle: {expr: "argmax(dict(G.degree()))", match: any}
        ask: ["Which member has the most ties?", "Who knows the most people?"]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from igraph_agent.errors import AgentError, ErrorCode
from igraph_agent.status import ResponseStatus

# the answer statuses a question may expect
EXPECTABLE = (ResponseStatus.ANSWERED, ResponseStatus.NEEDS_CLARIFICATION, ResponseStatus.BLOCKED)


def _expectable(value: ResponseStatus) -> ResponseStatus:
    if value not in EXPECTABLE:
        raise ValueError(f"expect must be one of {', '.join(EXPECTABLE)}, not {value}")
    return value


Expect = Annotated[ResponseStatus, AfterValidator(_expectable)]
Split = Literal["tune", "test", "test2", "dev", "dev3", "dev4", "dev5", "dev6", "dev7",
                "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15",
                "dev16", "dev17", "dev18", "dev19", "dev20", "dev21", "dev22", "dev23",
                "dev24", "dev25", "dev26", "dev27", "dev28", "dev29", "dev30", "dev31",
                "dev32", "dev33", "dev34", "dev35", "dev36", "dev37", "dev38", "dev39",
                "dev40", "dev41", "dev42", "dev43", "dev44", "dev45", "dev46", "dev47",
                "dev48", "dev49", "dev50", "dev51", "dev52", "dev53", "dev54", "dev55",
                "dev56", "dev57", "dev58", "dev59", "dev60", "dev61", "dev62", "dev63",
                "dev64", "dev65", "dev66", "dev67", "dev68", "dev69", "dev70", "dev71",
                "dev72", "dev73", "dev74", "dev75", "dev76", "dev77", "dev78", "dev79",
                "dev80", "dev81", "dev82", "dev83", "dev84", "dev85", "dev86", "dev87",
                "dev88", "dev89", "dev90", "dev91", "dev92", "dev93", "dev94", "dev95",
                "dev96", "dev97", "dev98", "dev99", "dev100", "dev101", "dev102", "dev103",
                "dev104", "dev105", "dev106", "dev107", "dev108", "dev109", "dev110",
                "dev111", "dev112", "dev113", "dev114", "dev115", "dev116", "dev117",
                "dev118", "dev119", "dev120", "dev121", "dev122", "dev123", "dev124",
                "dev125", "dev126", "dev127", "dev128", "dev129", "dev130", "dev131",
                "dev132", "dev133", "dev134", "dev135", "dev136", "dev137", "dev138",
                "dev139", "dev140", "dev141", "dev142", "dev143", "dev144", "dev145",
                "dev146", "dev147", "dev148", "dev149", "dev150", "dev151"]
SplitChoice = Literal["tune", "test", "test2", "dev", "all"]
PUBLIC_SET = Path(__file__).with_name("public.yaml")  # the tuning split
TEST_SET = Path(__file__).with_name("test.yaml")  # the test split: never tuned on
TEST2_SET = Path(__file__).with_name("test2.yaml")  # written blind to the planner: never tuned on
DEV_SET = Path(__file__).with_name("dev.yaml")  # the planner developers' own questions
DEV3_SET = Path(__file__).with_name("dev3.yaml")  # written blind, then tuned on: not held out
DEV4_SET = Path(__file__).with_name("dev4.yaml")  # a second blind set, then tuned on
DEV5_SET = Path(__file__).with_name("dev5.yaml")  # a third blind set, then tuned on
DEV6_SET = Path(__file__).with_name("dev6.yaml")  # a fourth, with trust traps, then tuned on
DEV7_SET = Path(__file__).with_name("dev7.yaml")  # a fifth, measured once at a round's end
DEV8_SET = Path(__file__).with_name("dev8.yaml")  # a sixth, measured at a round's start and end
DEV9_SET = Path(__file__).with_name("dev9.yaml")  # a seventh, on the public graphs
DEV10_SET = Path(__file__).with_name("dev10.yaml")  # an eighth, public graphs and two new tables
DEV11_SET = Path(__file__).with_name("dev11.yaml")  # a ninth, mostly new tables, measured once
DEV12_SET = Path(__file__).with_name("dev12.yaml")  # a tenth, six new tables, tuned on
DEV13_SET = Path(__file__).with_name("dev13.yaml")  # an eleventh, five new tables, measured once
DEV14_SET = Path(__file__).with_name("dev14.yaml")  # a twelfth, five new tables, measured twice
DEV15_SET = Path(__file__).with_name("dev15.yaml")  # a thirteenth, three new tables, measured unread
DEV16_SET = Path(__file__).with_name("dev16.yaml")  # a fourteenth, three new tables, measured unread
DEV17_SET = Path(__file__).with_name("dev17.yaml")  # a fifteenth, public graphs only, measured unread
DEV18_SET = Path(__file__).with_name("dev18.yaml")  # a sixteenth, public graphs only, measured unread
DEV19_SET = Path(__file__).with_name("dev19.yaml")  # a seventeenth, public graphs only, measured unread
DEV20_SET = Path(__file__).with_name("dev20.yaml")  # an eighteenth, public graphs only, measured unread
DEV21_SET = Path(__file__).with_name("dev21.yaml")  # a nineteenth, public graphs only, measured unread
DEV22_SET = Path(__file__).with_name("dev22.yaml")  # a twentieth, written from the analyses' one-line list
# six more written from the analyses' one-line list, each measured unread before any change
DEV23_SET = Path(__file__).with_name("dev23.yaml")  # structure, connectivity, groups, thresholds
DEV24_SET = Path(__file__).with_name("dev24.yaml")  # two-mode, weights, centrality, attributes
DEV25_SET = Path(__file__).with_name("dev25.yaml")  # multistep, local, direction, what-if
DEV26_SET = Path(__file__).with_name("dev26.yaml")  # connectivity, structure, groups, asks
DEV27_SET = Path(__file__).with_name("dev27.yaml")  # the same, typed in a hurry (#, ppl, y/n)
DEV28_SET = Path(__file__).with_name("dev28.yaml")  # multistep, weights, two-mode, paths
DEV29_SET = Path(__file__).with_name("dev29.yaml")  # structure, connectivity, counts, groups
DEV30_SET = Path(__file__).with_name("dev30.yaml")  # multistep, weights, local, direction, asks
DEV31_SET = Path(__file__).with_name("dev31.yaml")  # structure, multistep, weights, bipartite
DEV32_SET = Path(__file__).with_name("dev32.yaml")  # what-if, two-mode, paths, groups, local
DEV33_SET = Path(__file__).with_name("dev33.yaml")  # connectivity, structure, multistep, local
DEV34_SET = Path(__file__).with_name("dev34.yaml")  # counts, centrality, components, asks
DEV35_SET = Path(__file__).with_name("dev35.yaml")  # paths, two-mode, thresholds, what-if
DEV36_SET = Path(__file__).with_name("dev36.yaml")  # the same kinds, typed in a hurry
DEV37_SET = Path(__file__).with_name("dev37.yaml")  # asks, connectivity, groups, structure
DEV38_SET = Path(__file__).with_name("dev38.yaml")  # asks, structure, weights, multistep
DEV39_SET = Path(__file__).with_name("dev39.yaml")  # groups, connectivity, local, direction
DEV40_SET = Path(__file__).with_name("dev40.yaml")  # asks, counts, centrality, paths, what-if
DEV41_SET = Path(__file__).with_name("dev41.yaml")  # weights, multistep, structure, connectivity
DEV42_SET = Path(__file__).with_name("dev42.yaml")  # counts, direction, local, centrality, groups
DEV43_SET = Path(__file__).with_name("dev43.yaml")  # weights … two-mode, typed in a hurry
DEV44_SET = Path(__file__).with_name("dev44.yaml")  # asks, components, what-if, degree
DEV45_SET = Path(__file__).with_name("dev45.yaml")  # weights, multistep, structure, direction
DEV46_SET = Path(__file__).with_name("dev46.yaml")  # local, counts, paths, groups, asks
DEV47_SET = Path(__file__).with_name("dev47.yaml")  # centrality, degree, components, what-if
DEV48_SET = Path(__file__).with_name("dev48.yaml")  # structure … local, typed in a hurry
DEV49_SET = Path(__file__).with_name("dev49.yaml")  # asks, connectivity, groups, what-if; own graphs
DEV50_SET = Path(__file__).with_name("dev50.yaml")  # structure … local, typed in a hurry
DEV51_SET = Path(__file__).with_name("dev51.yaml")  # counts, direction, two-mode on three own graphs
DEV52_SET = Path(__file__).with_name("dev52.yaml")  # degree … components, trust traps
DEV53_SET = Path(__file__).with_name("dev53.yaml")  # groups … thresholds on referrals and a grid
DEV54_SET = Path(__file__).with_name("dev54.yaml")  # structure … centrality, typed in a hurry
DEV55_SET = Path(__file__).with_name("dev55.yaml")  # two-mode … what-if on three own graphs
DEV56_SET = Path(__file__).with_name("dev56.yaml")  # connectivity … weights on ports, endorsements, clubs
DEV57_SET = Path(__file__).with_name("dev57.yaml")  # direction, two-mode on dependencies, flights, courses
DEV58_SET = Path(__file__).with_name("dev58.yaml")  # paths, weights on a grid, wards, passes
DEV59_SET = Path(__file__).with_name("dev59.yaml")  # what-if, degree on baskets, mentoring, shelters
DEV60_SET = Path(__file__).with_name("dev60.yaml")  # counts, local on a timetable, a cast list, rivers
DEV61_SET = Path(__file__).with_name("dev61.yaml")  # thresholds … communities on trade, proteins, bees
DEV62_SET = Path(__file__).with_name("dev62.yaml")  # paths, direction on loans, bike docks, gigs
DEV63_SET = Path(__file__).with_name("dev63.yaml")  # what-if … counts on a grid, libraries, festivals
DEV64_SET = Path(__file__).with_name("dev64.yaml")  # connectivity … thresholds on loans, coauthors, buses
DEV65_SET = Path(__file__).with_name("dev65.yaml")  # groups … multistep on supply, chess, cables
DEV66_SET = Path(__file__).with_name("dev66.yaml")  # whatif … twomode on wiki, volunteers, trails
DEV67_SET = Path(__file__).with_name("dev67.yaml")  # components … paths on email, a league, pipes
DEV68_SET = Path(__file__).with_name("dev68.yaml")  # whatif … counts on referrals, board games, locks
DEV69_SET = Path(__file__).with_name("dev69.yaml")  # direction … twomode on services, tastings, ski
DEV70_SET = Path(__file__).with_name("dev70.yaml")  # weights … local on remittances, debate, fibre
DEV71_SET = Path(__file__).with_name("dev71.yaml")  # multistep … thresholds on rulings, plots, routes
DEV72_SET = Path(__file__).with_name("dev72.yaml")  # whatif … counts on a newsroom, a choir, trams
DEV73_SET = Path(__file__).with_name("dev73.yaml")  # direction … twomode on grain, a book club, carpools
DEV74_SET = Path(__file__).with_name("dev74.yaml")  # weights … local on lab loans, volleyball, mains
DEV75_SET = Path(__file__).with_name("dev75.yaml")  # multistep … thresholds on patents, buses, ferries
DEV76_SET = Path(__file__).with_name("dev76.yaml")  # clarification … structure on wards, donors, barges
DEV77_SET = Path(__file__).with_name("dev77.yaml")  # clarification … structure on packages, desks, bikes
DEV78_SET = Path(__file__).with_name("dev78.yaml")  # clarification … structure on sightings, calls, metro
DEV79_SET = Path(__file__).with_name("dev79.yaml")  # clarification … structure on a grid, transfers, recipes
DEV80_SET = Path(__file__).with_name("dev80.yaml")  # clarification, connectivity on the public graphs
DEV81_SET = Path(__file__).with_name("dev81.yaml")  # groups, structure on the public graphs
DEV82_SET = Path(__file__).with_name("dev82.yaml")  # clarification, connectivity, groups on wards
DEV83_SET = Path(__file__).with_name("dev83.yaml")  # structure, connectivity, clarification on code
DEV84_SET = Path(__file__).with_name("dev84.yaml")  # four categories on the public graphs alone
DEV85_SET = Path(__file__).with_name("dev85.yaml")  # every category on shipping and public graphs
DEV86_SET = Path(__file__).with_name("dev86.yaml")  # six categories on the public graphs alone
DEV87_SET = Path(__file__).with_name("dev87.yaml")  # every category on a school and public graphs
DEV88_SET = Path(__file__).with_name("dev88.yaml")  # groups … clarification on a power grid
DEV89_SET = Path(__file__).with_name("dev89.yaml")  # weights … clarification on a food bank
DEV90_SET = Path(__file__).with_name("dev90.yaml")  # counts … multistep on the public graphs alone
DEV91_SET = Path(__file__).with_name("dev91.yaml")  # groups … clarification on a university
DEV92_SET = Path(__file__).with_name("dev92.yaml")  # weights … direction on a water utility
DEV93_SET = Path(__file__).with_name("dev93.yaml")  # counts … clarification, public, business words
DEV94_SET = Path(__file__).with_name("dev94.yaml")  # hospital referrals, ambulance roads, rota
DEV95_SET = Path(__file__).with_name("dev95.yaml")  # code reviews, maintainers, issue links
DEV96_SET = Path(__file__).with_name("dev96.yaml")  # football passes, line-ups, appearances
DEV97_SET = Path(__file__).with_name("dev97.yaml")  # water mains, pumping, crews
DEV98_SET = Path(__file__).with_name("dev98.yaml")  # library transfers, bus links, clubs
DEV99_SET = Path(__file__).with_name("dev99.yaml")  # food orders, courier hand-offs, coverage
DEV100_SET = Path(__file__).with_name("dev100.yaml")  # the public graphs, a data scientist's words
DEV101_SET = Path(__file__).with_name("dev101.yaml")  # co-authors, citations, grants
DEV102_SET = Path(__file__).with_name("dev102.yaml")  # clinic referrals, on-call cover, ambulances
DEV103_SET = Path(__file__).with_name("dev103.yaml")  # ferries, island cargo, skipper licences
DEV104_SET = Path(__file__).with_name("dev104.yaml")  # bandmates, sampling, a festival site
DEV105_SET = Path(__file__).with_name("dev105.yaml")  # water pipes, flows, maintenance crews
DEV106_SET = Path(__file__).with_name("dev106.yaml")  # airline routes, ferry moves, type ratings
DEV107_SET = Path(__file__).with_name("dev107.yaml")  # service calls, on-call pairs, commits
DEV108_SET = Path(__file__).with_name("dev108.yaml")  # match passes, friendlies, careers
DEV109_SET = Path(__file__).with_name("dev109.yaml")  # grants, report citations, bookings
DEV110_SET = Path(__file__).with_name("dev110.yaml")  # grid lines, power flows, field crews
DEV111_SET = Path(__file__).with_name("dev111.yaml")  # grocery shipments, depot roads, hauliers
DEV112_SET = Path(__file__).with_name("dev112.yaml")  # follows, event visits, friendships
DEV113_SET = Path(__file__).with_name("dev113.yaml")  # casting, co-stars, mentoring
DEV114_SET = Path(__file__).with_name("dev114.yaml")  # ward transfers, nurse rota, ambulances
DEV115_SET = Path(__file__).with_name("dev115.yaml")  # package deps, contributors, mirrors
DEV116_SET = Path(__file__).with_name("dev116.yaml")  # league matches, transfers, referees
DEV117_SET = Path(__file__).with_name("dev117.yaml")  # waterhole visits, food web, trails
DEV118_SET = Path(__file__).with_name("dev118.yaml")  # timetable, staff email, corridors
DEV119_SET = Path(__file__).with_name("dev119.yaml")  # bike trips, dock servicing, lanes
DEV120_SET = Path(__file__).with_name("dev120.yaml")  # art loans, curators, gallery rooms
DEV121_SET = Path(__file__).with_name("dev121.yaml")  # coffee shipments, cuppers, warehouses
DEV122_SET = Path(__file__).with_name("dev122.yaml")  # casting, tour legs, crew notes
DEV123_SET = Path(__file__).with_name("dev123.yaml")  # prerequisites, clubs, co-supervision
DEV124_SET = Path(__file__).with_name("dev124.yaml")  # canal cargo, lock passages, stretches
DEV125_SET = Path(__file__).with_name("dev125.yaml")  # mutual aid, training, station roads
DEV126_SET = Path(__file__).with_name("dev126.yaml")  # deliveries, menus, shared shifts
DEV127_SET = Path(__file__).with_name("dev127.yaml")  # help requests, workshops, pairing
DEV128_SET = Path(__file__).with_name("dev128.yaml")  # library loans, vans, volunteers
DEV129_SET = Path(__file__).with_name("dev129.yaml")  # vet referrals, certificates, couriers
DEV130_SET = Path(__file__).with_name("dev130.yaml")  # market stalls, produce trades, carpools
DEV131_SET = Path(__file__).with_name("dev131.yaml")  # group rides, race entries, segments
DEV132_SET = Path(__file__).with_name("dev132.yaml")  # ferry timetable, crossings, crew rosters
DEV133_SET = Path(__file__).with_name("dev133.yaml")  # newsroom handoffs, bylines, quotes
DEV134_SET = Path(__file__).with_name("dev134.yaml")  # food bank deliveries, shifts, van routes
DEV135_SET = Path(__file__).with_name("dev135.yaml")  # festival collabs, invites, bookings
DEV136_SET = Path(__file__).with_name("dev136.yaml")  # hut trails, rescue callouts, guided tours
DEV137_SET = Path(__file__).with_name("dev137.yaml")  # board-game matches, results, game nights
DEV138_SET = Path(__file__).with_name("dev138.yaml")  # colony splits, foraging ranges, tending
DEV139_SET = Path(__file__).with_name("dev139.yaml")  # podcast promos, co-hosts, guests
DEV140_SET = Path(__file__).with_name("dev140.yaml")  # chamber groups, deputies, concerts
DEV141_SET = Path(__file__).with_name("dev141.yaml")  # tram segments, handovers, rosters
DEV142_SET = Path(__file__).with_name("dev142.yaml")  # chess games, blitz pairs, tournaments
DEV143_SET = Path(__file__).with_name("dev143.yaml")  # allotment fences, seed swaps, work days
DEV144_SET = Path(__file__).with_name("dev144.yaml")  # waterhole moves, patrol legs, ranger zones
DEV145_SET = Path(__file__).with_name("dev145.yaml")  # choir duets, mentoring, rehearsals
DEV146_SET = Path(__file__).with_name("dev146.yaml")  # water mains, pumping, inspections
DEV147_SET = Path(__file__).with_name("dev147.yaml")  # belay partners, teaching, route sends
DEV148_SET = Path(__file__).with_name("dev148.yaml")  # grain deliveries, van legs, workshops
DEV149_SET = Path(__file__).with_name("dev149.yaml")  # sailing crews, recommendations, regattas
DEV150_SET = Path(__file__).with_name("dev150.yaml")  # co-authors, citations, sessions
DEV151_SET = Path(__file__).with_name("dev151.yaml")  # language partners, invitations, languages
# the files of each split, in order; ``test`` holds both held-out files
SPLITS: dict[str, tuple[tuple[Path, Split], ...]] = {
    "tune": ((PUBLIC_SET, "tune"),),
    "test": ((TEST_SET, "test"), (TEST2_SET, "test2")),
    "test2": ((TEST2_SET, "test2"),),
    "all": ((PUBLIC_SET, "tune"), (TEST_SET, "test"), (TEST2_SET, "test2")),
    # used while developing the planner, so not held out: the developers' own questions and
    # a hundred and forty-nine sets written blind to the planner (each measured before any change made for it)
    "dev": ((DEV_SET, "dev"), (DEV3_SET, "dev3"), (DEV4_SET, "dev4"), (DEV5_SET, "dev5"),
            (DEV6_SET, "dev6"), (DEV7_SET, "dev7"), (DEV8_SET, "dev8"), (DEV9_SET, "dev9"),
            (DEV10_SET, "dev10"), (DEV11_SET, "dev11"), (DEV12_SET, "dev12"),
            (DEV13_SET, "dev13"), (DEV14_SET, "dev14"), (DEV15_SET, "dev15"),
            (DEV16_SET, "dev16"), (DEV17_SET, "dev17"), (DEV18_SET, "dev18"),
            (DEV19_SET, "dev19"), (DEV20_SET, "dev20"), (DEV21_SET, "dev21"),
            (DEV22_SET, "dev22"), (DEV23_SET, "dev23"), (DEV24_SET, "dev24"),
            (DEV25_SET, "dev25"), (DEV26_SET, "dev26"), (DEV27_SET, "dev27"),
            (DEV28_SET, "dev28"), (DEV29_SET, "dev29"), (DEV30_SET, "dev30"),
            (DEV31_SET, "dev31"), (DEV32_SET, "dev32"), (DEV33_SET, "dev33"),
            (DEV34_SET, "dev34"), (DEV35_SET, "dev35"), (DEV36_SET, "dev36"),
            (DEV37_SET, "dev37"), (DEV38_SET, "dev38"), (DEV39_SET, "dev39"),
            (DEV40_SET, "dev40"), (DEV41_SET, "dev41"), (DEV42_SET, "dev42"),
            (DEV43_SET, "dev43"), (DEV44_SET, "dev44"), (DEV45_SET, "dev45"),
            (DEV46_SET, "dev46"), (DEV47_SET, "dev47"), (DEV48_SET, "dev48"),
            (DEV49_SET, "dev49"), (DEV50_SET, "dev50"), (DEV51_SET, "dev51"),
            (DEV52_SET, "dev52"), (DEV53_SET, "dev53"), (DEV54_SET, "dev54"),
            (DEV55_SET, "dev55"), (DEV56_SET, "dev56"), (DEV57_SET, "dev57"),
            (DEV58_SET, "dev58"), (DEV59_SET, "dev59"), (DEV60_SET, "dev60"),
            (DEV61_SET, "dev61"), (DEV62_SET, "dev62"), (DEV63_SET, "dev63"),
            (DEV64_SET, "dev64"), (DEV65_SET, "dev65"), (DEV66_SET, "dev66"),
            (DEV67_SET, "dev67"), (DEV68_SET, "dev68"), (DEV69_SET, "dev69"),
            (DEV70_SET, "dev70"), (DEV71_SET, "dev71"), (DEV72_SET, "dev72"),
            (DEV73_SET, "dev73"), (DEV74_SET, "dev74"), (DEV75_SET, "dev75"),
            (DEV76_SET, "dev76"), (DEV77_SET, "dev77"), (DEV78_SET, "dev78"), (DEV79_SET, "dev79"),
            (DEV80_SET, "dev80"), (DEV81_SET, "dev81"), (DEV82_SET, "dev82"),
            (DEV83_SET, "dev83"), (DEV84_SET, "dev84"), (DEV85_SET, "dev85"), (DEV86_SET, "dev86"),
            (DEV87_SET, "dev87"), (DEV88_SET, "dev88"), (DEV89_SET, "dev89"),
            (DEV90_SET, "dev90"), (DEV91_SET, "dev91"), (DEV92_SET, "dev92"), (DEV93_SET, "dev93"),
            (DEV94_SET, "dev94"), (DEV95_SET, "dev95"), (DEV96_SET, "dev96"), (DEV97_SET, "dev97"),
            (DEV98_SET, "dev98"), (DEV99_SET, "dev99"), (DEV100_SET, "dev100"),
            (DEV101_SET, "dev101"), (DEV102_SET, "dev102"), (DEV103_SET, "dev103"),
            (DEV104_SET, "dev104"), (DEV105_SET, "dev105"), (DEV106_SET, "dev106"),
            (DEV107_SET, "dev107"), (DEV108_SET, "dev108"), (DEV109_SET, "dev109"),
            (DEV110_SET, "dev110"), (DEV111_SET, "dev111"), (DEV112_SET, "dev112"),
            (DEV113_SET, "dev113"), (DEV114_SET, "dev114"), (DEV115_SET, "dev115"),
            (DEV116_SET, "dev116"), (DEV117_SET, "dev117"), (DEV118_SET, "dev118"),
            (DEV119_SET, "dev119"), (DEV120_SET, "dev120"), (DEV121_SET, "dev121"),
            (DEV122_SET, "dev122"), (DEV123_SET, "dev123"), (DEV124_SET, "dev124"),
            (DEV125_SET, "dev125"), (DEV126_SET, "dev126"), (DEV127_SET, "dev127"),
            (DEV128_SET, "dev128"), (DEV129_SET, "dev129"), (DEV130_SET, "dev130"),
            (DEV131_SET, "dev131"), (DEV132_SET, "dev132"), (DEV133_SET, "dev133"),
            (DEV134_SET, "dev134"), (DEV135_SET, "dev135"), (DEV136_SET, "dev136"),
            (DEV137_SET, "dev137"), (DEV138_SET, "dev138"), (DEV139_SET, "dev139"),
            (DEV140_SET, "dev140"), (DEV141_SET, "dev141"), (DEV142_SET, "dev142"),
            (DEV143_SET, "dev143"), (DEV144_SET, "dev144"), (DEV145_SET, "dev145"),
            (DEV146_SET, "dev146"), (DEV147_SET, "dev147"), (DEV148_SET, "dev148"),
            (DEV149_SET, "dev149"), (DEV150_SET, "dev150"), (DEV151_SET, "dev151")),
}


class TableSpec(BaseModel):
    """Attach the graph as a user's tables instead of a graph object: an edge table with
    these endpoint column names (and the edge attribute ``weight`` renamed ``weight``'s
    value, e.g. ``km``), plus a node table (``id`` and every node attribute) when the
    nodes have attributes or some node is in no edge. The runtime reads direction and
    weight roles from these names."""

    model_config = ConfigDict(extra="forbid")
    source: str = "source"
    target: str = "target"
    weight: str | None = None


class GraphSpec(BaseModel):
    """Where a graph comes from: exactly one of ``networkx`` (a generator or classic by
    name, with ``args``), ``file`` (an edge list, relative to the question file),
    ``dataset`` (a file bundled in ``igraph_agent/data``) or ``expr`` (a Python expression
    over ``nx`` and ``random``). ``relabel`` formats node ids (``"v{}"``); ``weights``
    adds seeded integer edge weights (``{seed, low, high}``); ``table`` attaches it as
    tables with named columns (:class:`TableSpec`)."""

    model_config = ConfigDict(extra="forbid")
    networkx: str | None = None
    args: dict[str, Any] = Field(default_factory=dict)
    file: str | None = None
    dataset: str | None = None
    expr: str | None = None
    relabel: str | None = None
    weights: dict[str, int] | None = None
    table: TableSpec | None = None

    @model_validator(mode="after")
    def _one_source(self) -> GraphSpec:
        given = [k for k in ("networkx", "file", "dataset", "expr") if getattr(self, k)]
        if len(given) != 1:
            raise ValueError("a graph needs exactly one of networkx, file, dataset, expr")
        return self


class Oracle(BaseModel):
    """The right answer: ``value`` (a number the answer must state), ``any``/``all``
    (names of which one/all must appear), ``expr`` (evaluated with networkx on the graph
    as ``G``: a number becomes a value, a collection a name set compared by ``match``),
    ``regex`` (must match the answer); ``forbid`` is a regex the answer must not match."""

    model_config = ConfigDict(extra="forbid")
    value: float | None = None
    any: list[str] | None = None
    all: list[str] | None = None
    expr: str | None = None
    match: Literal["any", "all"] = "all"
    regex: str | None = None
    forbid: str | None = None


class Question(BaseModel):
    model_config = ConfigDict(extra="forbid", use_enum_values=True)
    id: str
    graph: str
    question: str
    category: str = "general"
    intent: str | list[str] = ""  # the planner intent(s) that answer it
    oracle: Oracle | None = None
    expect: Expect = ResponseStatus.ANSWERED
    read_only: bool = False
    split: Split = "tune"


class QuestionSet(BaseModel):
    name: str
    base: Path
    graphs: dict[str, GraphSpec]
    questions: list[Question]

    def select(self, categories: list[str] | None = None, ids: list[str] | None = None,
               limit: int | None = None) -> QuestionSet:
        """A subset: only these categories / id prefixes, at most ``limit`` per category."""
        chosen, per_cat = [], {}
        for q in self.questions:
            if categories and q.category not in categories:
                continue
            if ids and not any(q.id == i or q.id.startswith(i + ".") for i in ids):
                continue
            if limit is not None and per_cat.get(q.category, 0) >= limit:
                continue
            per_cat[q.category] = per_cat.get(q.category, 0) + 1
            chosen.append(q)
        return self.model_copy(update={"questions": chosen})


def load_questions(path: str | Path | None = None,
                   split: SplitChoice | None = None) -> QuestionSet:
    """The question set in ``path``; without a path, the public set shipped with the
    package: its tuning split (``tune``, the default: the wordings the planner's lexicon was
    built on), its held-out splits (``test``: both held-out files, ``test.yaml`` written
    separately from the planner's intents and ``test2.yaml`` written blind to the planner;
    ``test2``: that file alone; neither is used for tuning) or everything (``all``). When
    several files are merged, a later file's graphs and ids that clash with an earlier
    one's get its split as a prefix (``test.``, ``test2.``); each question keeps its split.
    ``dev``: the planner developers' own questions (``dev.yaml``) and nine sets written blind
    to the planner and tuned on afterwards (``dev3.yaml`` to ``dev13.yaml``), used
    while they work
    (not a held-out measure; not part of ``all``).

    Raises AgentError(EVAL_INVALID) naming the file and the first problem."""
    if path is not None:
        return _load(Path(path), None)
    if split is not None and split not in SPLITS:
        raise AgentError(ErrorCode.EVAL_INVALID, f"unknown split {split!r}",
                         hint=f"one of {', '.join(SPLITS)}")
    parts = [_load(p, name) for p, name in SPLITS[split or "tune"]]
    merged = parts[0]
    for part, (_, name) in zip(parts[1:], SPLITS[split or "tune"][1:], strict=True):
        merged = _merged(merged, part, name)
    return merged


def _merged(first: QuestionSet, later: QuestionSet, prefix: str) -> QuestionSet:
    graphs = dict(first.graphs)
    rename: dict[str, str] = {}
    for name, spec in later.graphs.items():
        if name in graphs and graphs[name] != spec:
            rename[name] = f"{prefix}.{name}"
        graphs[rename.get(name, name)] = spec
    ids = {q.id for q in first.questions}
    moved = [q.model_copy(update={"graph": rename.get(q.graph, q.graph),
                                  "id": f"{prefix}.{q.id}" if q.id in ids else q.id})
             for q in later.questions]
    return QuestionSet(name=first.name, base=first.base, graphs=graphs,
                       questions=[*first.questions, *moved])


def _load(p: Path, split: str | None) -> QuestionSet:
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise _invalid(p, f"cannot read it: {exc.strerror}") from None
    try:
        graphs, rows = _jsonl(text) if p.suffix == ".jsonl" else _yaml(text)
    except (ValueError, yaml.YAMLError) as exc:
        raise _invalid(p, str(exc).splitlines()[0]) from None
    try:
        specs = {k: GraphSpec.model_validate(v) for k, v in graphs.items()}
        questions = [q for row in rows for q in _expand(row)]
        if split is not None:
            questions = [q.model_copy(update={"split": split}) for q in questions]
    except ValidationError as exc:
        err = exc.errors()[0]
        raise _invalid(p, f"{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    _check(p, specs, questions)
    return QuestionSet(name=p.stem, base=p.parent, graphs=specs, questions=questions)


def _yaml(text: str) -> tuple[dict, list]:
    doc = yaml.safe_load(text) or {}
    if not isinstance(doc, dict):
        raise ValueError("the file must be a mapping with 'graphs' and 'questions'")
    return doc.get("graphs") or {}, doc.get("questions") or []


def _jsonl(text: str) -> tuple[dict, list]:
    graphs: dict = {}
    rows: list = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {n}: {exc.msg}") from None
        if "graphs" in obj:
            graphs.update(obj["graphs"])
        else:
            rows.append(obj)
    return graphs, rows


def _expand(row: dict) -> list[Question]:
    if not isinstance(row, dict):
        raise ValueError(f"a question must be a mapping, not {row!r}")
    asks = row.get("ask")
    if asks is None:
        return [Question.model_validate(row)]
    base = {k: v for k, v in row.items() if k != "ask"}
    intent = base.get("intent") or base.get("category") or "q"
    stem = base.pop("id", None) or f"{base.get('graph')}.{'+'.join(intent) if isinstance(intent, list) else intent}"
    return [Question.model_validate({**base, "id": f"{stem}.{i}", "question": text})
            for i, text in enumerate(asks, 1)]


def _check(p: Path, specs: dict[str, GraphSpec], questions: list[Question]) -> None:
    seen: set[str] = set()
    for q in questions:
        if q.graph not in specs:
            raise _invalid(p, f"question {q.id!r} names graph {q.graph!r}, which 'graphs' "
                              "does not define")
        if q.id in seen:
            raise _invalid(p, f"question id {q.id!r} is used twice")
        seen.add(q.id)


def _invalid(p: Path, why: str) -> AgentError:
    return AgentError(ErrorCode.EVAL_INVALID, f"question file {p}: {why}",
                      hint="see docs/evaluation.md for the question file format")
