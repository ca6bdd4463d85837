# One generated test unit: a C++ namespace `hyf_<seed>` holding helper
# functions, kernels (one function per kernel family instance) and `run()`,
# which builds its arrays from a fixed linear congruential generator, calls the
# kernels and prints one checksum line per result. Units are valid hy
# programs by construction (docs/language.md): iterations are independent
# except for reductions, every access inside a fetch stays in its tile,
# control around fetches is block-uniform, and integer (or exactly
# representable float) arithmetic makes serial = OpenMP = CUDA an exact
# comparison.
import contextlib
import random

from . import exprs

# Element types and how their values are kept small (every stored value goes
# through wrap(), so products of two values never overflow).
INT_TYPES = ["int", "long long"]
FLOAT_TYPES = ["float", "double"]


class Array:
    """An array of run(): name, element type, rank, extents (C++ text),
    container kind (hy::array or std::vector) and how its checksum is taken
    ('ordered', or 'multiset' when its contents are a permutation that
    depends on the order iterations ran in)."""

    def __init__(self, name, ty, dims, vector=False):
        self.name, self.ty, self.dims, self.vector = name, ty, dims, vector
        self.digest = "ordered"

    @property
    def rank(self):
        return len(self.dims)

    def decl_type(self):
        if self.vector:
            return "std::vector<%s>" % self.ty
        return "hy::array<%s, %d>" % (self.ty, self.rank)

    def at(self, *idx):
        if self.vector:
            return "%s[%s]" % (self.name, idx[0])
        return "%s(%s)" % (self.name, ", ".join(idx))

    def is_float(self):
        return self.ty in FLOAT_TYPES


class Unit:
    """Collects the text of one unit while kernel families add to it."""

    def __init__(self, seed, features=None, shapes=()):
        self.seed = seed
        self.rng = random.Random(seed)
        # Host shapes (gen/shapes.py) draw from their own generator, so a
        # unit without them is the program earlier runs generated.
        self.shapes = list(shapes)
        self.srng = random.Random("shapes-%d" % seed)
        self.deferred = []   # statements a shape left for later in run()
        self.ns = "hyf_%d" % seed
        self.helpers = []    # C++ text before the kernels
        self.kernels = []    # C++ functions
        self.body = []       # statements of run()
        self.arrays = []     # Array objects declared in run()
        self.outputs = []    # (label, C++ expression printed as long long)
        self.counter = 0
        self.features = features
        self.used = []       # names of the families used (for the header)
        self.helper_names = exprs.add_helpers(self)

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    @contextlib.contextmanager
    def drawing_from(self, rng):
        """Kernel families draw from self.rng: this lends them another
        generator (a shape's) for the duration."""
        saved, self.rng = self.rng, rng
        try:
            yield
        finally:
            self.rng = saved

    def array(self, ty, dims, vector=False, init=True, lo=-500, hi=500):
        a = Array(self.fresh("a"), ty, dims, vector and len(dims) == 1)
        self.arrays.append(a)
        if a.vector:
            self.body.append("%s %s(%s);" % (a.decl_type(), a.name, dims[0]))
        else:
            self.body.append("%s %s(%s);" % (a.decl_type(), a.name, ", ".join(dims)))
        if init:
            self.body.append("fill(%s, %d, %d, %d);" % (a.name, self.rng.randrange(1 << 30), lo, hi))
        return a

    def emit(self):
        out = ["// unit %d: %s" % (self.seed, ", ".join(self.used)),
               "namespace %s {" % self.ns]
        out += self.helpers
        out += self.kernels
        out.append("void run() {")
        out += ["  " + line for s in self.body for line in s.split("\n")]
        for a in self.arrays:
            fn = "digest_multiset" if a.digest == "multiset" else "digest"
            out.append('  std::printf("%d %s %%llu\\n", %s(%s));' % (self.seed, a.name, fn, a.name))
        for label, e in self.outputs:
            out.append('  std::printf("%d %s %%lld\\n", static_cast<long long>(%s));'
                       % (self.seed, label, e))
        out.append("}")
        out.append("} // namespace %s" % self.ns)
        return "\n".join(out) + "\n"
