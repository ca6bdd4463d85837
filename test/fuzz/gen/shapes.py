# Host shapes (issue 26): the host code around kernels where the CUDA
# target's syncs, scopes and atomics went wrong while the CPU targets were
# right. Each is an option of the generator (hygen.py / difftest.py
# --shapes); an enabled shape appears in a fraction of the units (SHARE),
# once or twice, between the kernel families. `tickets` is off by default.
from . import bodies, guards, holders, lambdas, mixed, tickets

# name -> (function, on by default)
SHAPES = {
    "bodies": (bodies.bodies, True),       # family 1: single-statement bodies
    "lambdas": (lambdas.lambdas, True),    # family 2: kernels in lambdas
    "containers": (holders.containers, True),  # family 3: containers, copies
    "tickets": (tickets.tickets, False),   # family 4: fetch_<op> results as values
    "guards": (guards.guards, True),       # family 5: tiles under edge guards
    "mixed": (mixed.mixed, True),          # family 6: launch and read in one statement
}
DEFAULT = [s for s, (_, on) in SHAPES.items() if on]
SHARE = 0.3


def parse(text):
    """--shapes: a comma-separated list, `default`, `all` or `none`."""
    out = []
    for s in text.split(","):
        s = s.strip()
        if s in ("", "none"):
            continue
        out += {"default": DEFAULT, "all": list(SHAPES)}.get(s, [s])
        if out[-1] not in SHAPES:
            raise SystemExit("unknown shape %r: one of %s" % (out[-1], ", ".join(SHAPES)))
    return list(dict.fromkeys(out))


def plan(u, families):
    """{family position: [shape, ...]}: where the unit's shapes go."""
    rng, at = u.srng, {}
    for s in u.shapes:
        if rng.random() < SHARE:
            for _ in range(rng.randrange(1, 3)):
                at.setdefault(rng.randrange(families), []).append(s)
    return at


def emit(u, shape):
    SHAPES[shape][0](u)
    u.used.append("shape " + shape)
