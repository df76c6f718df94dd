/*
 * answermatch._ngrams: the statistics of sentence BLEU on characters, as
 * NLTK computes it on strings: the clipped n-gram matches (n = 1..4) of one
 * hypothesis against its references, its length and the closest reference
 * length.
 *
 * An optional accelerator of answermatch.bleu: that module has the same
 * count in pure Python and uses this one only when it was built; the tests
 * compare the two on random and long strings. For each order n the
 * references' n-grams are packed into integer keys (a code point takes 21
 * bits, so four fit in 96 bits) and counted, reference by reference, in an
 * open-addressing hash table that keeps each gram's largest count in one
 * reference; the hypothesis' n-grams are then looked up in it and counted,
 * and a gram counts min(its count in the hypothesis, that largest count).
 * Orders above the first one without a match are not counted (an n-gram
 * match implies a match of its prefix). The texts are read in place. Time is
 * linear in the lengths, whatever they are; memory is about 70 bytes per
 * reference character (a table of at most 2^k slots of 24 bytes for 3/4 as
 * many grams, and an index of one reference's grams), none per hypothesis
 * character, as in the pure-Python count.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_ORDER 4
#define STACK_SLOTS 256 /* references of up to 192 characters need no heap table */

/* One distinct n-gram of the references: its key (the first three code
 * points in hi, 21 bits each, the fourth plus one in lo), its largest count
 * in one reference so far, its count in the current reference and its
 * count in the hypothesis (texts are shorter than 2^31 characters). */
typedef struct {
    uint64_t hi;
    uint32_t lo;
    uint32_t best;
    uint32_t current;
    uint32_t count;
} slot;

/* A text read in place: its kind, data and length. */
typedef struct {
    int kind;
    const void *data;
    Py_ssize_t length;
} text;

static inline void gram_key(const text *t, Py_ssize_t i, Py_ssize_t n, uint64_t *hi,
                            uint32_t *lo)
{
    uint64_t h = PyUnicode_READ(t->kind, t->data, i);
    if (n > 1)
        h = (h << 21) | PyUnicode_READ(t->kind, t->data, i + 1);
    if (n > 2)
        h = (h << 21) | PyUnicode_READ(t->kind, t->data, i + 2);
    *hi = h;
    *lo = n > 3 ? (uint32_t)PyUnicode_READ(t->kind, t->data, i + 3) + 1 : 0;
}

static inline size_t gram_hash(uint64_t hi, uint32_t lo, size_t mask)
{
    uint64_t h = hi * 0x9E3779B97F4A7C15ULL ^ (lo + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(h ^ (h >> 31)) & mask;
}

static inline int occupied(const slot *s)
{
    return (s->best | s->current) != 0;
}

/* The slot of a key: its own, or the empty one where it would go. */
static inline slot *find(slot *table, size_t mask, uint64_t hi, uint32_t lo)
{
    size_t at = gram_hash(hi, lo, mask);
    while (occupied(&table[at]) && (table[at].hi != hi || table[at].lo != lo))
        at = (at + 1) & mask;
    return &table[at];
}

static int ready(PyObject *o)
{
#if PY_VERSION_HEX < 0x030C0000
    return PyUnicode_READY(o);
#else
    (void)o;
    return 0;
#endif
}

static void read_text(PyObject *o, text *t)
{
    t->kind = PyUnicode_KIND(o);
    t->data = PyUnicode_DATA(o);
    t->length = PyUnicode_GET_LENGTH(o);
}

/* The clipped matches of orders 1..4 into matched; -1 on a Python error.
 * grams: the references' lengths summed; longest: the longest one's. */
static int count_matches(PyObject *hyp, PyObject *refs, Py_ssize_t grams, Py_ssize_t longest,
                         Py_ssize_t matched[MAX_ORDER])
{
    slot stack_table[STACK_SLOTS];
    uint32_t stack_touched[STACK_SLOTS];
    slot *table = stack_table;
    uint32_t *touched = stack_touched;
    size_t slots = 8; /* a power of two, at least 4/3 of the grams (a load <= 3/4) */
    while (3 * slots < 4 * (size_t)grams)
        slots *= 2;
    if (slots > STACK_SLOTS)
        table = PyMem_Malloc(slots * sizeof(slot));
    if (longest > STACK_SLOTS)
        touched = PyMem_Malloc((size_t)longest * sizeof(uint32_t));
    if (table == NULL || touched == NULL) {
        if (table != stack_table)
            PyMem_Free(table);
        PyErr_NoMemory();
        return -1;
    }
    const size_t mask = slots - 1;
    const Py_ssize_t nrefs = PyTuple_GET_SIZE(refs);
    text h;
    read_text(hyp, &h);
    for (Py_ssize_t n = 1; n <= MAX_ORDER && n <= h.length; n++) {
        memset(table, 0, slots * sizeof(slot));
        /* each reference: its counts of its grams, the largest kept */
        for (Py_ssize_t k = 0; k < nrefs; k++) {
            text r;
            read_text(PyTuple_GET_ITEM(refs, k), &r);
            Py_ssize_t seen = 0;
            for (Py_ssize_t i = 0; i + n <= r.length; i++) {
                uint64_t hi;
                uint32_t lo;
                gram_key(&r, i, n, &hi, &lo);
                slot *s = find(table, mask, hi, lo);
                if (s->current == 0) {
                    s->hi = hi;
                    s->lo = lo;
                    touched[seen++] = (uint32_t)(s - table);
                }
                s->current++;
            }
            for (Py_ssize_t t = 0; t < seen; t++) {
                slot *s = &table[touched[t]];
                if (s->current > s->best)
                    s->best = s->current;
                s->current = 0;
            }
        }
        /* the hypothesis: its counts of the grams some reference has */
        for (Py_ssize_t i = 0; i + n <= h.length; i++) {
            uint64_t hi;
            uint32_t lo;
            gram_key(&h, i, n, &hi, &lo);
            slot *s = find(table, mask, hi, lo);
            if (s->best)
                s->count++;
        }
        Py_ssize_t total = 0;
        for (size_t at = 0; at < slots; at++)
            total += table[at].count < table[at].best ? table[at].count : table[at].best;
        matched[n - 1] = total;
        if (total == 0)
            break; /* no n-gram matches: no longer one can either */
    }
    if (table != stack_table)
        PyMem_Free(table);
    if (touched != stack_touched)
        PyMem_Free(touched);
    return 0;
}

PyDoc_STRVAR(statistics_doc,
             "statistics(hypothesis, references, /)\n--\n\n"
             "BLEU's statistics of ``hypothesis`` (a str) against ``references``\n"
             "(a non-empty tuple of str), on characters: the clipped matches of\n"
             "its n-grams for n = 1..4 (each distinct n-gram counts at most its\n"
             "largest count in any one reference), its length, and the reference\n"
             "length closest to it (the shorter on a tie). A tuple of six ints.");

static PyObject *statistics(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyTuple_Check(args[1])
        || PyTuple_GET_SIZE(args[1]) == 0) {
        PyErr_SetString(PyExc_TypeError,
                        "statistics() takes a str and a non-empty tuple of str");
        return NULL;
    }
    PyObject *hyp = args[0], *refs = args[1];
    if (ready(hyp) < 0)
        return NULL;
    const Py_ssize_t hyp_len = PyUnicode_GET_LENGTH(hyp);
    Py_ssize_t longest = 0, grams = 0, closest = -1;
    for (Py_ssize_t r = 0; r < PyTuple_GET_SIZE(refs); r++) {
        PyObject *ref = PyTuple_GET_ITEM(refs, r);
        if (!PyUnicode_Check(ref)) {
            PyErr_SetString(PyExc_TypeError,
                            "statistics() takes a str and a non-empty tuple of str");
            return NULL;
        }
        if (ready(ref) < 0)
            return NULL;
        const Py_ssize_t len = PyUnicode_GET_LENGTH(ref);
        grams += len;
        if (len > longest)
            longest = len;
        if (closest < 0) {
            closest = len;
        }
        else {
            const Py_ssize_t gap = len > hyp_len ? len - hyp_len : hyp_len - len;
            const Py_ssize_t best = closest > hyp_len ? closest - hyp_len : hyp_len - closest;
            if (gap < best || (gap == best && len < closest))
                closest = len;
        }
    }
    if (hyp_len >= INT32_MAX || grams >= INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "statistics() takes texts under 2^31 characters");
        return NULL;
    }
    Py_ssize_t matched[MAX_ORDER] = {0, 0, 0, 0};
    if (hyp_len && longest && count_matches(hyp, refs, grams, longest, matched) < 0)
        return NULL;
    return Py_BuildValue("(nnnnnn)", matched[0], matched[1], matched[2], matched[3], hyp_len,
                         closest);
}

static PyMethodDef methods[] = {
    {"statistics", (PyCFunction)(void (*)(void))statistics, METH_FASTCALL, statistics_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "answermatch._ngrams",
    .m_doc = "Optional compiled n-gram counting for answermatch.bleu.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__ngrams(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "API", 2) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
