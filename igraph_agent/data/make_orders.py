"""Generate the bundled ``orders.csv``: a seeded, realistic retail orders table.

Five customer segments each buy from their own product category; a handful of
"bridge" customers buy across two or three categories, so in the customer projection
(customers linked by shared products) the segments are communities and the bridge
customers connect several of them.

Run ``python -m igraph_agent.data.make_orders`` to rewrite ``orders.csv`` next to this
file; the same seed always gives the same bytes.

Example::

    >>> rows, bridges = generate(seed=7)
    >>> len(rows), bridges[:2]
    (2589, ['C0041', 'C0048'])
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import math
import random
from pathlib import Path

SEED = 7
N_CUSTOMERS = 240
N_BRIDGES = 8
FIELDS = ["order_id", "customer_id", "customer_name", "product_id", "product_name", "category",
          "date", "amount"]

CATALOGUE: dict[str, tuple[tuple[float, float], list[str]]] = {
    "Coffee & Tea": ((4.5, 89.0), [
        "Espresso Beans 1kg", "Arabica Ground Coffee", "Green Tea Sencha", "Earl Grey Tea",
        "Chai Spice Mix", "French Press", "Pour-Over Dripper", "Milk Frother", "Burr Coffee Grinder",
        "Stoneware Mug", "Matcha Powder", "Decaf Beans", "Cold Brew Kit", "Tea Infuser",
        "Wildflower Honey", "Paper Coffee Filters", "Travel Tumbler", "Oolong Tea", "Rooibos Tea",
        "Espresso Cups Set"]),
    "Baking": ((2.5, 129.0), [
        "Bread Flour 5kg", "Rye Flour", "Sourdough Starter", "Dry Yeast", "Baking Steel",
        "Proofing Basket", "Dough Scraper", "Dough Hook", "Loaf Tin", "Springform Cake Pan",
        "Vanilla Extract", "Cocoa Powder", "Piping Bags", "Rolling Pin", "Parchment Paper",
        "Kitchen Scale", "Cooling Rack", "Pastry Brush", "Bundt Pan", "Rainbow Sprinkles"]),
    "Outdoor": ((3.0, 249.0), [
        "Trail Running Shoes", "Hiking Backpack 30L", "Two-Person Tent", "Down Sleeping Bag",
        "Headlamp", "Water Filter", "Trekking Poles", "Camp Stove", "Fuel Canister", "Rain Jacket",
        "Merino Socks", "Baseplate Compass", "First Aid Kit", "Dry Bag 10L", "Enamel Camping Mug",
        "Insect Repellent", "Sun Hat", "Travel Hammock", "Map Case", "Energy Bars 12-pack"]),
    "Electronics": ((6.0, 299.0), [
        "USB-C Cable", "Wireless Charger", "Bluetooth Speaker", "Noise-Cancelling Headphones",
        "Power Bank 20000mAh", "HDMI Adapter", "Mechanical Keyboard", "Wireless Mouse",
        "HD Webcam", "Smart Plug", "LED Desk Lamp", "SD Card 128GB", "Phone Stand",
        "Laptop Sleeve", "Wireless Earbuds", "USB Hub", "Screen Cleaner", "Surge Protector",
        "Smartwatch Band", "Ethernet Cable"]),
    "Kids & Toys": ((3.5, 119.0), [
        "Building Blocks 500pc", "Jigsaw Puzzle 500pc", "Picture Book", "Crayons Set",
        "Plush Bear", "Wooden Toy Train", "Family Board Game", "Play Dough Pack", "Diamond Kite",
        "Jump Rope", "Watercolour Set", "Stacking Cups", "Toy Car Set", "Wooden Dollhouse",
        "Bubble Wand", "Sticker Book", "Kids Scooter", "Glass Marbles", "Card Game",
        "Sand Toys Bucket"]),
}

FIRST = ["Ada", "Alan", "Alice", "Amara", "Ana", "Arjun", "Beatriz", "Ben", "Camille", "Carlos",
         "Chen", "Chloe", "Daniel", "Dara", "Elena", "Emeka", "Emma", "Farah", "Felix", "Fatima",
         "Grace", "Hana", "Hugo", "Ines", "Ivan", "Jae", "James", "Julia", "Kai", "Kofi",
         "Laila", "Lars", "Leo", "Lucia", "Maya", "Mateo", "Mei", "Nadia", "Noah", "Olga",
         "Omar", "Paula", "Priya", "Quentin", "Rafael", "Rosa", "Sami", "Sara", "Sofia", "Tariq",
         "Tomas", "Uma", "Vera", "Victor", "Wei", "Yara", "Yusuf", "Zara", "Zoe", "Nils"]
LAST = ["Abe", "Adeyemi", "Almeida", "Andersen", "Bauer", "Becker", "Brown", "Castro", "Chen",
        "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Gomez", "Hansen", "Haddad", "Ito",
        "Jensen", "Kahn", "Kim", "Kowalski", "Larsen", "Lopez", "Martin", "Meyer", "Moreau",
        "Nakamura", "Novak", "Okafor", "Olsen", "Patel", "Pereira", "Petrov", "Rossi", "Sato",
        "Schmidt", "Silva", "Singh", "Smith", "Tanaka", "Torres", "Varga", "Wagner", "Wang",
        "Weber", "Williams", "Yilmaz", "Young", "Zhang"]


def generate(seed: int = SEED) -> tuple[list[dict[str, str]], list[str]]:
    """Order lines (dicts of ``FIELDS``) sorted by date, and the planted bridge customer ids."""
    rng = random.Random(seed)
    products = _products(rng)
    segments = list(CATALOGUE)
    names = rng.sample([f"{f} {last}" for f in FIRST for last in LAST], N_CUSTOMERS)
    customers = [(f"C{i + 1:04d}", names[i], segments[i % len(segments)])
                 for i in range(N_CUSTOMERS)]
    rng.shuffle(customers)
    bridge_ids = sorted(c[0] for c in customers[:N_BRIDGES])
    start = dt.date(2025, 1, 1)
    orders: list[tuple[dt.date, str, str, list[tuple[str, int]]]] = []
    for cid, name, home in customers:
        bridge = cid in bridge_ids
        cats = [home] + (rng.sample([s for s in segments if s != home], rng.choice([1, 2]))
                         if bridge else [])
        # each customer has a few favourite products per category they shop in
        favourites = {c: rng.sample(products[c], rng.randint(2, 5)) for c in cats}
        for _ in range(rng.randint(3, 9) + (4 if bridge else 0)):
            cat = cats[0] if not bridge or rng.random() < 0.4 else rng.choice(cats[1:])
            picks = rng.sample(favourites[cat], min(len(favourites[cat]), rng.choice([1, 1, 2, 3])))
            day = start + dt.timedelta(days=rng.randrange(365))
            orders.append((day, cid, name, [(p[0], rng.choice([1, 1, 1, 2, 3])) for p in picks]))
    orders.sort(key=lambda o: (o[0], o[1]))
    by_id = {p[0]: (p, cat) for cat, ps in products.items() for p in ps}
    rows = []
    for n, (day, cid, name, lines) in enumerate(orders, start=1):
        for pid, qty in lines:
            (pid_, pname, price), cat = by_id[pid]
            rows.append({"order_id": f"O{n:05d}", "customer_id": cid, "customer_name": name,
                         "product_id": pid_, "product_name": pname, "category": cat,
                         "date": day.isoformat(), "amount": f"{price * qty:.2f}"})
    return rows, bridge_ids


def _products(rng: random.Random) -> dict[str, list[tuple[str, str, float]]]:
    out: dict[str, list[tuple[str, str, float]]] = {}
    n = 0
    for cat, ((lo, hi), names) in CATALOGUE.items():
        out[cat] = []
        for pname in names:
            n += 1
            price = math.exp(rng.uniform(math.log(lo), math.log(hi)))  # many cheap, few dear
            out[cat].append((f"P{n:03d}", pname, round(price, 2)))
    return out


def write(path: Path, seed: int = SEED) -> int:
    """Write the CSV; returns the number of order lines."""
    rows, _ = generate(seed)
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=Path(__file__).with_name("orders.csv"))
    ap.add_argument("--seed", type=int, default=SEED)
    a = ap.parse_args()
    n = write(a.out, a.seed)
    print(f"wrote {n} order lines to {a.out}")


if __name__ == "__main__":
    main()
