# Host shape "tickets" (issue 26, family 4; off by default, --shapes
# tickets): hy::fetch_<op> results used as values, on a global array
# (block or thread level) and on a variable local to the iteration. (A
# used result on a fetched, privatized tile is an error since family 4's
# fix, lit diag/fetch-op-tile.cpp: the shape no longer writes it.) Old values of fetch_add(x, c) on one
# element are a permutation of x0, x0 + c, ... whatever the order, so the
# arrays that keep them are compared as multisets; on an iteration-local
# variable the old value is the serial one.

def tickets(u):
    rng, g = u.srng, u.geo
    where = rng.choice(["global", "thread", "local"])
    name = u.fresh("tickets")
    with u.drawing_from(rng):
        src = u.array("int", ["L"], lo=0, hi=500)
        out = u.array("long long", ["L"], init=False)
    out.digest = "multiset" if where != "local" else "ordered"
    u.body.append("std::fill(%s.data(), %s.data() + %s.size(), 0LL);" % ((out.name,) * 3))
    if where == "local":
        op = rng.choice(["add", "min", "max", "or"])
        v = rng.randrange(1, 9)
        upd = ["long long mine = src(i) % 7;",
               "const long long old = hy::fetch_%s(mine, static_cast<long long>(%d + s %% 3));" % (op, v),
               "out(i) = old * 10 + mine;"]
        level = rng.choice(["block", "thread"])
        if level == "block":
            body = ["#pragma hy parallel for", "for (int i = 0; i < L; ++i) {"] + ["  " + l for l in upd] + ["}"]
        else:
            body = ["#pragma hy parallel for", "for (int b = 0; b < NB; ++b) {",
                    "#pragma hy parallel for into(threads)", "  for (int t = 0; t < T1; ++t) {",
                    "    const int i = H + b * T1 + t;"] + ["    " + l for l in upd] + ["  }", "}"]
        u.kernels.append("static void %s(const hy::array<int, 1> &src, hy::array<long long, 1> &out, int s) {\n%s\n}"
                         % (name, "\n".join("  " + l for l in body)))
        u.body.append("%s(%s, %s, %d);" % (name, src.name, out.name, rng.randrange(0, 60)))
        return
    bins = rng.choice([1, 4, 16, 37])
    with u.drawing_from(rng):
        cnt = u.array("int", [str(bins)], lo=0, hi=50)
    c = rng.randrange(1, 4)
    use = rng.choice(["store", "claim", "rank"])
    if use == "store":
        upd = ["out(i) = hy::fetch_add(cnt(src(i) %% %d), %d);" % (bins, c)]
    elif use == "claim":
        # Whether this iteration came among the first few of its bin: how
        # many did is fixed.
        upd = ["if (hy::fetch_add(cnt(src(i) %% %d), %d) < %d)" % (bins, c, rng.randrange(0, 120)),
               "  out(i) = 1;"]
    else:
        upd = ["const int old = hy::fetch_add(cnt(src(i) %% %d), %d);" % (bins, c),
               "out(i) = static_cast<long long>(old) * 3 + src(i) %% %d;" % bins]
    red = " reduction(+ : cnt)"
    if where == "global":
        body = ["#pragma hy parallel for" + red, "for (int i = 0; i < L; ++i) {"] + ["  " + l for l in upd] + ["}"]
    else:
        fetch = ["#pragma hy parallel fetch(cnt : %d : 0 : t)" % bins] if where == "tile" else []
        # The clause on the block loop, the thread loop or both (a
        # privatized tile needs it on the block loop).
        on = rng.choice(["block", "both"] + (["thread"] if where == "thread" else []))
        body = (["#pragma hy parallel for" + (red if on != "thread" else ""), "for (int b = 0; b < NB; ++b) {"] +
                fetch + ["#pragma hy parallel for into(threads)" + (red if on != "block" else ""),
                         "  for (int t = 0; t < T1; ++t) {",
                 "    const int i = H + b * T1 + t;"] + ["    " + l for l in upd] + ["  }", "}"])
    u.kernels.append("static void %s(const hy::array<int, 1> &src, hy::array<int, 1> &cnt, "
                     "hy::array<long long, 1> &out) {\n%s\n}"
                     % (name, "\n".join("  " + l for l in body)))
    u.body.append("%s(%s, %s, %s);" % (name, src.name, cnt.name, out.name))

