"""Two-mode tables whose one side carries a category column, for the planner tests of a
category value on a two-mode graph (its own nodes counted, the other side linked to them)."""

from __future__ import annotations

import pandas as pd

#: musicians and the albums they played on
SESSIONS = pd.DataFrame(
    [("Ravi", "Low Tide"), ("Ravi", "Paper Sun"), ("Ravi", "Greyline"), ("Suki", "Low Tide"),
     ("Suki", "Ember"), ("Tove", "Paper Sun"), ("Tove", "Ember"), ("Tove", "Quartz"),
     ("Umar", "Greyline"), ("Umar", "Kestrel"), ("Vera", "Kestrel"), ("Vera", "Quartz")],
    columns=["musician", "album"])
#: the albums' format (only the album side has a row; "live-set" is no plain plural)
FORMATS = pd.DataFrame(
    [("Low Tide", "anthology"), ("Paper Sun", "demo"), ("Greyline", "anthology"),
     ("Ember", "live-set"), ("Quartz", "demo"), ("Kestrel", "demo")],
    columns=["album", "format"])
#: anglers and the lakes they fished
CATCHES = pd.DataFrame(
    [("Wim", "Derg"), ("Wim", "Ree"), ("Xia", "Ree"), ("Xia", "Mask"), ("Xia", "Corrib"),
     ("Yann", "Corrib"), ("Zora", "Allen"), ("Zora", "Mask"), ("Abel", "Allen"),
     ("Abel", "Derg"), ("Bea", "Gill")],
    columns=["angler", "lake"])
#: every node of the catches, the lakes with their kind and the anglers with none
WATERS = pd.DataFrame(
    [("Derg", "loch"), ("Ree", "reservoir"), ("Mask", "loch"), ("Corrib", "reservoir"),
     ("Allen", "tarn"), ("Gill", "loch"), ("Wim", None), ("Xia", None), ("Yann", None),
     ("Zora", None), ("Abel", None), ("Bea", None)],
    columns=["name", "kind"])
