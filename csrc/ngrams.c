/*
 * _answermatch_ngrams: the statistics of sentence BLEU on characters, as
 * NLTK computes it on strings: the clipped n-gram matches (n = 1..4) of one
 * hypothesis against its references, its length and the closest reference
 * length.
 *
 * An optional accelerator of answermatch.bleu: that module has the same
 * count in pure Python and uses this one only when it was built; the tests
 * compare the two on random strings. For each order n the hypothesis'
 * n-grams are packed into integer keys (a code point takes 21 bits, so four
 * fit in two 64-bit words) and counted in a small open-addressing hash
 * table; each reference's n-grams are then looked up in it and counted, and
 * a distinct hypothesis gram counts min(its count, its largest count in any
 * one reference). Orders above the first one without a match are not
 * counted (an n-gram match implies a match of its prefix). Time is linear in
 * the lengths; memory about 100 bytes per hypothesis character plus 4 per
 * character of the longest reference (answermatch.bleu calls this only for
 * texts up to a size limit and streams longer ones in Python).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ORDER 4
#define STACK_CHARS 128 /* texts up to this length need no heap buffer */
#define STACK_SLOTS 256 /* a hash table for up to 128 grams */

/* One distinct n-gram of the hypothesis: its key (the first three code points
 * in hi, 21 bits each, the fourth in lo), its count in the hypothesis, its
 * largest count in one reference so far, and its count in the current one. */
typedef struct {
    uint64_t hi;
    uint64_t lo;
    Py_ssize_t count;
    Py_ssize_t best;
    Py_ssize_t current;
} slot;

static inline void gram_key(const Py_UCS4 *text, Py_ssize_t n, uint64_t *hi, uint64_t *lo)
{
    uint64_t h = text[0];
    if (n > 1)
        h = (h << 21) | text[1];
    if (n > 2)
        h = (h << 21) | text[2];
    *hi = h;
    *lo = n > 3 ? (uint64_t)text[3] + 1 : 0;
}

static inline size_t gram_hash(uint64_t hi, uint64_t lo, size_t mask)
{
    uint64_t h = hi * 0x9E3779B97F4A7C15ULL ^ (lo + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(h ^ (h >> 31)) & mask;
}

/* The slot of a key: its own, or the empty one where it would go. */
static inline slot *find(slot *table, size_t mask, uint64_t hi, uint64_t lo)
{
    size_t at = gram_hash(hi, lo, mask);
    while (table[at].count && (table[at].hi != hi || table[at].lo != lo))
        at = (at + 1) & mask;
    return &table[at];
}

/* A text's code points into buffer (length known, buffer large enough). */
static Py_UCS4 *code_points(PyObject *text, Py_UCS4 *buffer, Py_ssize_t length)
{
    return PyUnicode_AsUCS4(text, buffer, length, 0);
}

static int ready(PyObject *text)
{
#if PY_VERSION_HEX < 0x030C0000
    return PyUnicode_READY(text);
#else
    (void)text;
    return 0;
#endif
}

/* The clipped matches of orders 1..4 into matched; -1 on a Python error. */
static int count_matches(PyObject *hyp, PyObject *refs, Py_ssize_t hyp_len, Py_ssize_t longest,
                         Py_ssize_t matched[MAX_ORDER])
{
    Py_UCS4 stack_h[STACK_CHARS], stack_r[STACK_CHARS];
    slot stack_table[STACK_SLOTS];
    slot *stack_distinct[STACK_CHARS], *stack_touched[STACK_CHARS];
    Py_UCS4 *h = stack_h, *r = stack_r;
    slot *table = stack_table, **distinct = stack_distinct, **touched = stack_touched;
    size_t slots = 8; /* a power of two, at least twice the grams */
    int status = -1;
    while (slots < 2 * (size_t)hyp_len)
        slots *= 2;
    const int big_h = hyp_len > STACK_CHARS, big_r = longest > STACK_CHARS;
    const int big_table = slots > STACK_SLOTS;
    if (big_h) {
        h = PyMem_Malloc((size_t)hyp_len * sizeof(Py_UCS4));
        distinct = PyMem_Malloc((size_t)hyp_len * sizeof(slot *));
        touched = PyMem_Malloc((size_t)hyp_len * sizeof(slot *));
    }
    if (big_r)
        r = PyMem_Malloc((size_t)longest * sizeof(Py_UCS4));
    if (big_table)
        table = PyMem_Malloc(slots * sizeof(slot));
    if (h == NULL || r == NULL || table == NULL || distinct == NULL || touched == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (code_points(hyp, h, hyp_len) == NULL)
        goto done;
    const size_t mask = slots - 1;
    const Py_ssize_t nrefs = PyTuple_GET_SIZE(refs);
    for (Py_ssize_t n = 1; n <= MAX_ORDER && n <= hyp_len; n++) {
        /* the hypothesis' distinct n-grams and their counts */
        memset(table, 0, slots * sizeof(slot));
        Py_ssize_t kinds = 0;
        for (Py_ssize_t i = 0; i + n <= hyp_len; i++) {
            uint64_t hi, lo;
            gram_key(h + i, n, &hi, &lo);
            slot *s = find(table, mask, hi, lo);
            if (s->count == 0) {
                s->hi = hi;
                s->lo = lo;
                distinct[kinds++] = s;
            }
            s->count++;
        }
        /* each reference: its counts of those grams, the largest kept */
        for (Py_ssize_t k = 0; k < nrefs; k++) {
            PyObject *ref = PyTuple_GET_ITEM(refs, k);
            const Py_ssize_t ref_len = PyUnicode_GET_LENGTH(ref);
            if (ref_len < n)
                continue;
            if (code_points(ref, r, ref_len) == NULL)
                goto done;
            Py_ssize_t seen = 0;
            for (Py_ssize_t i = 0; i + n <= ref_len; i++) {
                uint64_t hi, lo;
                gram_key(r + i, n, &hi, &lo);
                slot *s = find(table, mask, hi, lo);
                if (s->count == 0)
                    continue; /* not a gram of the hypothesis */
                if (s->current == 0)
                    touched[seen++] = s;
                s->current++;
            }
            for (Py_ssize_t t = 0; t < seen; t++) {
                if (touched[t]->current > touched[t]->best)
                    touched[t]->best = touched[t]->current;
                touched[t]->current = 0;
            }
        }
        Py_ssize_t total = 0;
        for (Py_ssize_t d = 0; d < kinds; d++)
            total += distinct[d]->count < distinct[d]->best ? distinct[d]->count : distinct[d]->best;
        matched[n - 1] = total;
        if (total == 0)
            break; /* no n-gram matches: no longer one can either */
    }
    status = 0;
done:
    if (big_h) {
        PyMem_Free(h);
        PyMem_Free(distinct);
        PyMem_Free(touched);
    }
    if (big_r)
        PyMem_Free(r);
    if (big_table)
        PyMem_Free(table);
    return status;
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
    Py_ssize_t longest = 0, closest = -1;
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
    Py_ssize_t matched[MAX_ORDER] = {0, 0, 0, 0};
    if (hyp_len && longest && count_matches(hyp, refs, hyp_len, longest, matched) < 0)
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
    .m_name = "_answermatch_ngrams",
    .m_doc = "Optional compiled n-gram counting for answermatch.bleu.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__answermatch_ngrams(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "API", 2) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
