/*
 * _answermatch_text: deleting a set of characters from a str, the set given
 * as a bitmap of code points (bit c % 8 of byte c / 8 is set for code point
 * c). What str.translate does with a table mapping each of them to None,
 * without its per-character dictionary lookup.
 *
 * The bitmap comes first, so that functools.partial can bind it.
 *
 * An optional accelerator of answermatch.normalization.deletion, which does
 * the same with str.translate and uses this one only when it was built; the
 * tests compare the two on random text.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAP_BYTES (0x110000 / 8)

static inline int in_set(const unsigned char *map, Py_UCS4 c)
{
    return (map[c >> 3] >> (c & 7)) & 1;
}

/* The text without the characters in map (a new reference; the text itself
 * when none of them is in it). */
static PyObject *delete_from(PyObject *text, const unsigned char *map)
{
    const int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    const Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    Py_ssize_t first = 0;
    while (first < length && !in_set(map, PyUnicode_READ(kind, data, first)))
        first++;
    if (first == length)
        return PyUnicode_Substring(text, 0, length); /* itself, as a str */
    const size_t width = (size_t)kind; /* 1, 2 or 4 bytes a character */
    char *kept = PyMem_Malloc((size_t)length * width);
    if (kept == NULL)
        return PyErr_NoMemory();
    memcpy(kept, data, (size_t)first * width);
    Py_ssize_t n = first;
    for (Py_ssize_t k = first + 1; k < length; k++) {
        const Py_UCS4 c = PyUnicode_READ(kind, data, k);
        if (!in_set(map, c)) {
            PyUnicode_WRITE(kind, kept, n, c);
            n++;
        }
    }
    /* narrowed to the smallest kind that holds what is left */
    PyObject *result = PyUnicode_FromKindAndData(kind, kept, n);
    PyMem_Free(kept);
    return result;
}

PyDoc_STRVAR(delete_doc,
             "delete(bitmap, text, /)\n--\n\n"
             "``text`` (a str) without the code points set in ``bitmap`` (bytes of\n"
             "0x110000 / 8 = 139,264 bytes; bit c % 8 of byte c // 8 stands for\n"
             "code point c): ``text.translate({c: None for c in the set})``.");

static PyObject *delete(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyBytes_Check(args[0]) || PyBytes_GET_SIZE(args[0]) != MAP_BYTES
        || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError,
                        "delete() takes a bitmap of 139,264 bytes and a str");
        return NULL;
    }
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(args[1]) < 0)
        return NULL;
#endif
    return delete_from(args[1], (const unsigned char *)PyBytes_AS_STRING(args[0]));
}

static PyMethodDef methods[] = {
    {"delete", (PyCFunction)(void (*)(void))delete, METH_FASTCALL, delete_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_answermatch_text",
    .m_doc = "Optional compiled character deletion for answermatch.normalization.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__answermatch_text(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "API", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
