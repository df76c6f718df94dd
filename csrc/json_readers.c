/*
 * _answermatch_json: the questions of a SQuAD-layout gold file read
 * straight from its UTF-8 bytes, without building the dictionaries of its
 * articles, paragraphs and questions; a predictions file {id: text} read
 * without decoding its whole text first; and the string columns of a JSON
 * Lines file.
 *
 * An optional accelerator of answermatch.formats.squad and
 * answermatch.sources, which read the same files in pure Python (json, then
 * one comprehension) and use these readers only when they were built. The
 * SQuAD reader takes exactly the files that comprehension takes without its
 * checked path: a JSON object
 * with a "data" list of articles (or that list itself), each article an
 * object with a list of "paragraphs", each paragraph an object with a list
 * of "qas" and an optional string "context", each question an object with a
 * string "id" and a list of "answers", each answer an object with a string
 * "text" and an optional scalar "answer_start". For anything else (invalid
 * JSON or UTF-8, another shape, a key that matters repeated or written with
 * escapes, a number Python's json would refuse, nesting deeper than
 * MAX_DEPTH) it returns None and Python's own path reads the file, so its
 * errors and results are untouched. Every value it skips is still checked
 * to be JSON as Python's json module accepts it (strict strings: no raw
 * control characters; NaN and Infinity allowed), so a file it accepts is
 * one json.loads accepts, and the strings and numbers it keeps are the
 * ones json.loads gives (escapes, surrogate pairs and lone surrogates
 * included). The tests compare the two readers on the parity golds and on
 * generated and damaged files.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_DEPTH 200 /* deeper values: Python's reader decides */
#define MIN_INT_DIGITS_LIMIT 640 /* longer integers: Python's reader decides */

/* How a step ended: done, not a file for this reader, or a Python error. */
enum { OK = 0, OTHER = 1, FAILED = -1 };

typedef struct {
    const unsigned char *p;
    const unsigned char *end;
    /* any key repeated in an object makes the file Python's (which warns) */
    int unique_keys;
} cursor;

/* A string's raw bytes between its quotes, whether it has escapes, and
 * (when it has) its length in characters and its widest character's class
 * (0x7F, 0xFF, 0xFFFF or 0x10FFFF): what its str needs. */
typedef struct {
    const unsigned char *start;
    Py_ssize_t size;
    int escaped;
    Py_ssize_t length;
    Py_UCS4 widest;
} span;

static inline void skip_space(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\n' || *c->p == '\r' || *c->p == '\t'))
        c->p++;
}

/* The value of each hexadecimal digit, 16 for any other byte. */
static unsigned char HEX[256];

static void fill_hex(void)
{
    memset(HEX, 16, sizeof HEX);
    for (int k = 0; k < 10; k++)
        HEX['0' + k] = (unsigned char)k;
    for (int k = 0; k < 6; k++)
        HEX['a' + k] = HEX['A' + k] = (unsigned char)(10 + k);
}

/* Whether the four bytes after "\\u" at p are hexadecimal digits. */
static inline int hex4(const unsigned char *p)
{
    return (HEX[p[2]] | HEX[p[3]] | HEX[p[4]] | HEX[p[5]]) < 16;
}

/* The length of a valid UTF-8 sequence starting at p (its first byte is at
 * least 0x80), or 0: strict UTF-8 as Python decodes it (no overlong forms,
 * no encoded surrogates, nothing above U+10FFFF). */
static inline int utf8_length(const unsigned char *p, const unsigned char *end)
{
    const unsigned char b0 = p[0];
    const Py_ssize_t left = end - p;
#define CONT(k) (left > (k) && (p[k] & 0xC0) == 0x80)
    if (b0 >= 0xC2 && b0 <= 0xDF)
        return CONT(1) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        if (!CONT(1) || !CONT(2))
            return 0;
        if ((b0 == 0xE0 && p[1] < 0xA0) || (b0 == 0xED && p[1] > 0x9F))
            return 0;
        return 3;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        if (!CONT(1) || !CONT(2) || !CONT(3))
            return 0;
        if ((b0 == 0xF0 && p[1] < 0x90) || (b0 == 0xF4 && p[1] > 0x8F))
            return 0;
        return 4;
    }
    return 0;
#undef CONT
}

static inline Py_UCS4 escaped_unit(const unsigned char *p)
{
    return ((Py_UCS4)HEX[p[2]] << 12) | ((Py_UCS4)HEX[p[3]] << 8) | ((Py_UCS4)HEX[p[4]] << 4)
           | HEX[p[5]];
}

/* 1 for the bytes a string holds as they are: printable ASCII but '"' and '\\'. */
static unsigned char PLAIN[256];

static void fill_plain(void)
{
    for (int k = 0x20; k < 0x80; k++)
        PLAIN[k] = k != '"' && k != '\\';
}

static inline Py_UCS4 wider(Py_UCS4 wide, Py_UCS4 u)
{
    if (u <= wide)
        return wide;
    return u <= 0xFF ? 0xFF : u <= 0xFFFF ? 0xFFFF : 0x10FFFF;
}

/* A string from its opening quote (at c->p); c->p ends after the closing one. */
static int scan_string(cursor *c, span *out)
{
    const unsigned char *p = c->p + 1, *end = c->end;
    int escaped = 0;
    Py_ssize_t extra = 0; /* bytes that do not start a character */
    Py_UCS4 wide = 0x7F;
    out->start = p;
    for (;;) {
        /* the plain ASCII run, four bytes at a time, then byte by byte */
        while (end - p >= 4 && PLAIN[p[0]] && PLAIN[p[1]] && PLAIN[p[2]] && PLAIN[p[3]])
            p += 4;
        while (p < end && PLAIN[*p])
            p++;
        if (p >= end)
            return OTHER;
        const unsigned char ch = *p;
        if (ch == '"')
            break;
        if (ch == '\\') {
            escaped = 1;
            if (end - p < 2)
                return OTHER;
            switch (p[1]) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                p += 2;
                extra += 1;
                break;
            case 'u': {
                if (end - p < 6 || !hex4(p))
                    return OTHER;
                const Py_UCS4 u = escaped_unit(p);
                /* a high surrogate and an escaped low one make one character */
                if (u >= 0xD800 && u <= 0xDBFF && end - p >= 12 && p[6] == '\\' && p[7] == 'u'
                    && hex4(p + 6)) {
                    const Py_UCS4 low = escaped_unit(p + 6);
                    if (low >= 0xDC00 && low <= 0xDFFF) {
                        p += 12;
                        extra += 11;
                        wide = 0x10FFFF;
                        break;
                    }
                }
                p += 6;
                extra += 5;
                wide = wider(wide, u);
                break;
            }
            default:
                return OTHER;
            }
        }
        else if (ch < 0x20) {
            return OTHER; /* a raw control character: strict JSON refuses it */
        }
        else {
            const int n = utf8_length(p, end);
            if (n == 0)
                return OTHER;
            wide = wider(wide, n == 2 ? (ch < 0xC4 ? 0xFF : 0x100) : n == 3 ? 0xFFFF : 0x10000);
            p += n;
            extra += n - 1;
        }
    }
    out->size = p - out->start;
    out->escaped = escaped;
    out->length = out->size - extra;
    out->widest = wide;
    c->p = p + 1;
    return OK;
}

/* The character of the "\u" escape at *p (a surrogate pair of two escapes
 * makes one, as in Python's json), *p moved past it. */
static inline Py_UCS4 unicode_escape(const unsigned char **p, const unsigned char *end)
{
    Py_UCS4 u = escaped_unit(*p);
    *p += 6;
    if (u >= 0xD800 && u <= 0xDBFF && end - *p >= 6 && (*p)[0] == '\\' && (*p)[1] == 'u') {
        const Py_UCS4 low = escaped_unit(*p);
        if (low >= 0xDC00 && low <= 0xDFFF) {
            u = 0x10000 + (((u - 0xD800) << 10) | (low - 0xDC00));
            *p += 6;
        }
    }
    return u;
}

static inline Py_UCS4 short_escape(unsigned char kind)
{
    return kind == 'n'   ? '\n'
           : kind == 't' ? '\t'
           : kind == 'r' ? '\r'
           : kind == 'b' ? '\b'
           : kind == 'f' ? '\f'
                         : kind; /* '"', '\\' and '/' stand for themselves */
}

/* The length of the run of plain ASCII (no backslash) at p, eight bytes at
 * a time. */
static inline Py_ssize_t plain_run(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *q = p;
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    while (end - q >= 8) {
        uint64_t w;
        memcpy(&w, q, 8);
        const uint64_t slash = w ^ (ones * '\\');
        if ((((slash - ones) & ~slash) | w) & highs)
            break;
        q += 8;
    }
    while (q < end && *q < 0x80 && *q != '\\')
        q++;
    return q - p;
}

/* The character at *p of a checked string that is not plain ASCII (an
 * escape or a UTF-8 sequence), *p moved past it. */
static inline Py_UCS4 next_char(const unsigned char **p, const unsigned char *end)
{
    const unsigned char *q = *p;
    const unsigned char ch = *q;
    Py_UCS4 u;
    if (ch == '\\') {
        if (q[1] == 'u')
            return unicode_escape(p, end);
        u = short_escape(q[1]);
        *p += 2;
    }
    else if (ch < 0xE0) {
        u = ((Py_UCS4)(ch & 0x1F) << 6) | (q[1] & 0x3F);
        *p += 2;
    }
    else if (ch < 0xF0) {
        u = ((Py_UCS4)(ch & 0x0F) << 12) | ((Py_UCS4)(q[1] & 0x3F) << 6) | (q[2] & 0x3F);
        *p += 3;
    }
    else {
        u = ((Py_UCS4)(ch & 0x07) << 18) | ((Py_UCS4)(q[1] & 0x3F) << 12)
            | ((Py_UCS4)(q[2] & 0x3F) << 6) | (q[3] & 0x3F);
        *p += 4;
    }
    return u;
}

/* A checked string's characters written into out, one function per width. */
#define DECODE_INTO(name, type)                                                     \
    static void name(const span *s, type *out)                                      \
    {                                                                               \
        const unsigned char *p = s->start, *end = s->start + s->size;               \
        while (p < end) {                                                           \
            const Py_ssize_t run = plain_run(p, end);                               \
            for (Py_ssize_t k = 0; k < run; k++)                                    \
                out[k] = p[k];                                                      \
            out += run;                                                             \
            p += run;                                                               \
            if (p == end)                                                           \
                break;                                                              \
            *out++ = (type)next_char(&p, end);                                      \
        }                                                                           \
    }
DECODE_INTO(decode_1, Py_UCS1)
DECODE_INTO(decode_2, Py_UCS2)
DECODE_INTO(decode_4, Py_UCS4)

/* The str of a string's bytes (checked by scan_string), escapes decoded as
 * Python's json does, written straight into a str of the length and width
 * scan_string found. */
static PyObject *make_string(const span *s)
{
    if (!s->escaped)
        return PyUnicode_DecodeUTF8((const char *)s->start, s->size, NULL);
    PyObject *text = PyUnicode_New(s->length, s->widest);
    if (text == NULL)
        return NULL;
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        decode_1(s, PyUnicode_1BYTE_DATA(text));
        break;
    case PyUnicode_2BYTE_KIND:
        decode_2(s, PyUnicode_2BYTE_DATA(text));
        break;
    default:
        decode_4(s, PyUnicode_4BYTE_DATA(text));
        break;
    }
    return text;
}

/* 1 for the bytes a string holds as they are, UTF-8 sequences included:
 * all but the control characters, '"' and '\\'. */
static unsigned char RAW[256];

static void fill_raw(void)
{
    for (int k = 0x20; k < 0x100; k++)
        RAW[k] = k != '"' && k != '\\';
}

/* A string that is kept (a context, an id, an answer, a prediction), from
 * its opening quote, as a new str in *out (another value: OTHER, Python's
 * path). Without escapes its bytes are only searched for the closing quote
 * and handed to CPython's UTF-8 decoder, which checks them (invalid UTF-8:
 * OTHER); with escapes, scan_string checks it and make_string builds it. */
static int kept_string(cursor *c, PyObject **out)
{
    if (c->p >= c->end || *c->p != '"')
        return OTHER;
    const unsigned char *start = c->p + 1, *p = start, *end = c->end;
    for (;;) {
        while (end - p >= 4 && RAW[p[0]] && RAW[p[1]] && RAW[p[2]] && RAW[p[3]])
            p += 4;
        while (p < end && RAW[*p])
            p++;
        if (p >= end || *p < 0x20)
            return OTHER;
        if (*p == '"')
            break;
        span s; /* an escape: the checking scan, from the start */
        const int status = scan_string(c, &s);
        if (status != OK)
            return status;
        return (*out = make_string(&s)) == NULL ? FAILED : OK;
    }
    *out = PyUnicode_DecodeUTF8((const char *)start, p - start, NULL);
    if (*out == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_UnicodeDecodeError))
            return FAILED;
        PyErr_Clear();
        return OTHER;
    }
    c->p = p + 1;
    return OK;
}

/* A kept string that may come once in its object (*seen says whether it came). */
static int string_once(cursor *c, int *seen, PyObject **out)
{
    if (*seen)
        return OTHER; /* repeated: Python's path (the last one wins there) */
    *seen = 1;
    return kept_string(c, out);
}

static int matches(const span *s, const char *key)
{
    const size_t n = strlen(key);
    return !s->escaped && (size_t)s->size == n && memcmp(s->start, key, n) == 0;
}

static inline int literal(cursor *c, const char *word)
{
    const size_t n = strlen(word);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0)
        return OTHER;
    c->p += n;
    return OK;
}

/* A number as Python's json reads it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)?,
 * or NaN, Infinity, -Infinity; is_float says whether it has a fraction or an
 * exponent (or is one of the three). */
static int scan_number(cursor *c, int *is_float)
{
    const unsigned char *p = c->p, *end = c->end;
    *is_float = 0;
    if (p < end && *p == 'N') {
        *is_float = 1;
        return literal(c, "NaN");
    }
    if (p < end && *p == '-')
        p++;
    if (p < end && *p == 'I') {
        c->p = p;
        *is_float = 1;
        return literal(c, "Infinity");
    }
    if (p >= end || *p < '0' || *p > '9')
        return OTHER;
    const unsigned char *digits = p;
    if (*p == '0')
        p++;
    else
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    const Py_ssize_t integer_digits = p - digits;
    if (p < end && *p == '.' && end - p > 1 && p[1] >= '0' && p[1] <= '9') {
        *is_float = 1;
        p++;
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        const unsigned char *q = p + 1;
        if (q < end && (*q == '+' || *q == '-'))
            q++;
        if (q < end && *q >= '0' && *q <= '9') {
            *is_float = 1;
            while (q < end && *q >= '0' && *q <= '9')
                q++;
            p = q;
        }
    }
    /* an integer longer than the lowest digit limit Python may be set to
     * (sys.set_int_max_str_digits: 640) may be refused by its json */
    if (!*is_float && integer_digits > MIN_INT_DIGITS_LIMIT)
        return OTHER;
    c->p = p;
    return OK;
}

static int skip_value(cursor *c, int depth);

/* The members of an object from its '{' (at c->p): calls member(c, key, data)
 * with c->p at each value, which must consume it. */
typedef int (*member_fn)(cursor *c, const span *key, void *data);

#define SEEN_KEYS 16 /* objects with more keys: Python's, when keys must be unique */

/* Whether key (without escapes) is one of the n seen before it. */
static int repeated(const span *key, const span *seen, int n)
{
    for (int k = 0; k < n; k++)
        if (seen[k].size == key->size && memcmp(seen[k].start, key->start, (size_t)key->size) == 0)
            return 1;
    return 0;
}

/* Past the opening bracket at c->p: whether the container is empty (then
 * c->p is past its closer too). */
static int empty_container(cursor *c, unsigned char closer)
{
    c->p++;
    skip_space(c);
    if (c->p < c->end && *c->p == closer) {
        c->p++;
        return 1;
    }
    return 0;
}

/* After a value of an object or array: past the ',' before the next one
 * (*more = 1) or past the closer (*more = 0); OTHER for anything else. */
static int after_value(cursor *c, unsigned char closer, int *more)
{
    skip_space(c);
    if (c->p >= c->end || (*c->p != closer && *c->p != ','))
        return OTHER;
    *more = *c->p == ',';
    c->p++;
    skip_space(c);
    return OK;
}

static int each_member(cursor *c, member_fn member, void *data)
{
    span seen[SEEN_KEYS];
    int keys = 0, more = 1;
    if (empty_container(c, '}'))
        return OK;
    while (more) {
        span key;
        int status;
        if (c->p >= c->end || *c->p != '"' || scan_string(c, &key) != OK)
            return OTHER;
        if (c->unique_keys) {
            if (key.escaped || keys == SEEN_KEYS || repeated(&key, seen, keys))
                return OTHER;
            seen[keys++] = key;
        }
        skip_space(c);
        if (c->p >= c->end || *c->p != ':')
            return OTHER;
        c->p++;
        skip_space(c);
        if ((status = member(c, &key, data)) != OK || (status = after_value(c, '}', &more)) != OK)
            return status;
    }
    return OK;
}

/* The elements of an array from its '[' (at c->p): calls element(c, data)
 * with c->p at each one, which must consume it. */
typedef int (*element_fn)(cursor *c, void *data);

static int each_element(cursor *c, element_fn element, void *data)
{
    int more = 1;
    if (empty_container(c, ']'))
        return OK;
    while (more) {
        int status;
        if ((status = element(c, data)) != OK || (status = after_value(c, ']', &more)) != OK)
            return status;
    }
    return OK;
}

static int skip_member(cursor *c, const span *key, void *depth)
{
    (void)key;
    return skip_value(c, *(int *)depth);
}

static int skip_element(cursor *c, void *depth)
{
    return skip_value(c, *(int *)depth);
}

/* Any JSON value at c->p, checked and passed over. */
static int skip_value(cursor *c, int depth)
{
    if (c->p >= c->end)
        return OTHER;
    span s;
    int is_float, inner = depth + 1;
    switch (*c->p) {
    case '"':
        return scan_string(c, &s);
    case '{':
        return depth >= MAX_DEPTH ? OTHER : each_member(c, skip_member, &inner);
    case '[':
        return depth >= MAX_DEPTH ? OTHER : each_element(c, skip_element, &inner);
    case 't':
        return literal(c, "true");
    case 'f':
        return literal(c, "false");
    case 'n':
        return literal(c, "null");
    default:
        return scan_number(c, &is_float);
    }
}

/* A scalar at c->p as the Python object json gives (a new reference in
 * *out); containers, and integers long enough to meet Python's digit
 * limit, are OTHER. */
static int scalar(cursor *c, PyObject **out)
{
    if (c->p >= c->end)
        return OTHER;
    const unsigned char ch = *c->p;
    int status;
    if (ch == '"') {
        return kept_string(c, out);
    }
    if (ch == '{' || ch == '[')
        return OTHER;
    if (ch == 't' || ch == 'f' || ch == 'n') {
        PyObject *value = ch == 't' ? Py_True : ch == 'f' ? Py_False : Py_None;
        if ((status = literal(c, ch == 't' ? "true" : ch == 'f' ? "false" : "null")) != OK)
            return status;
        Py_INCREF(value);
        *out = value;
        return OK;
    }
    const unsigned char *start = c->p;
    int is_float;
    if ((status = scan_number(c, &is_float)) != OK)
        return status;
    const Py_ssize_t size = c->p - start;
    if (size > 1000)
        return OTHER;
    char digits[1001];
    memcpy(digits, start, (size_t)size);
    digits[size] = '\0';
    if (!is_float && size <= 18) {
        long long value = 0;
        const int negative = digits[0] == '-';
        for (Py_ssize_t k = negative; k < size; k++)
            value = value * 10 + (digits[k] - '0');
        *out = PyLong_FromLongLong(negative ? -value : value);
        return *out == NULL ? FAILED : OK;
    }
    if (!is_float) {
        *out = PyLong_FromString(digits, NULL, 10);
        return *out == NULL ? FAILED : OK;
    }
    if (digits[0] == 'N' || digits[0] == 'I' || digits[1] == 'I')
        return OTHER; /* NaN and the infinities: rare, left to Python */
    PyObject *text = PyUnicode_FromStringAndSize(digits, size);
    if (text == NULL)
        return FAILED;
    *out = PyFloat_FromString(text);
    Py_DECREF(text);
    return *out == NULL ? FAILED : OK;
}

/* An array that may come once in its object (*seen says whether it came):
 * each of its elements read by element(c, data). */
static int array_once(cursor *c, int *seen, element_fn element, void *data)
{
    if (*seen || c->p >= c->end || *c->p != '[')
        return OTHER;
    *seen = 1;
    return each_element(c, element, data);
}

/* A member that does not matter, at the given depth: checked and passed
 * over (a key with escapes might spell one that matters). */
static int other_member(cursor *c, const span *key, int depth)
{
    return key->escaped ? OTHER : skip_value(c, depth);
}

/* --- the SQuAD layout -------------------------------------------------------- */

typedef struct {
    PyObject *question_type; /* Question: a tuple subclass of 5 fields */
    PyObject *questions;     /* the list of Question, in file order */
    PyObject *shape;         /* per article, the question count of each paragraph */
    PyObject *article_shape; /* the current article's list */
    const unsigned char *version_start, *version_end;
} reading;

#define STACK_ANSWERS 8

/* One question's parts while its object is read: its answers' texts and
 * starts in arrays (on the stack while there are few), new references. */
typedef struct {
    reading *r;
    PyObject *id;
    PyObject **texts, **starts;
    Py_ssize_t count, capacity;
    int seen_id, seen_answers;
    PyObject *texts_stack[STACK_ANSWERS], *starts_stack[STACK_ANSWERS];
} question;

/* Room for one more answer; -1 on a Python error. */
static int grow(question *q)
{
    if (q->count < q->capacity)
        return 0;
    const Py_ssize_t capacity = 2 * q->capacity;
    PyObject **texts = PyMem_Malloc((size_t)capacity * sizeof(PyObject *));
    PyObject **starts = PyMem_Malloc((size_t)capacity * sizeof(PyObject *));
    if (texts == NULL || starts == NULL) {
        PyMem_Free(texts);
        PyMem_Free(starts);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(texts, q->texts, (size_t)q->count * sizeof(PyObject *));
    memcpy(starts, q->starts, (size_t)q->count * sizeof(PyObject *));
    if (q->texts != q->texts_stack) {
        PyMem_Free(q->texts);
        PyMem_Free(q->starts);
    }
    q->texts = texts;
    q->starts = starts;
    q->capacity = capacity;
    return 0;
}

/* A tuple of the first n objects of items, whose references it takes. */
static PyObject *take_tuple(PyObject **items, Py_ssize_t n)
{
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyTuple_SET_ITEM(tuple, k, items[k]);
        items[k] = NULL;
    }
    return tuple;
}

typedef struct {
    question *q;
    PyObject *text, *start;
    int seen_text, seen_start;
} answer;

static int answer_member(cursor *c, const span *key, void *data)
{
    answer *a = data;
    if (matches(key, "text"))
        return string_once(c, &a->seen_text, &a->text);
    if (matches(key, "answer_start")) {
        if (a->seen_start)
            return OTHER;
        a->seen_start = 1;
        return scalar(c, &a->start);
    }
    return other_member(c, key, 4);
}

static int answer_element(cursor *c, void *data)
{
    question *q = data;
    if (c->p >= c->end || *c->p != '{')
        return OTHER;
    answer a = {q, NULL, NULL, 0, 0};
    int status = each_member(c, answer_member, &a);
    if (status == OK && !a.seen_text)
        status = OTHER;
    if (status == OK && grow(q) < 0)
        status = FAILED;
    if (status == OK) {
        if (a.start == NULL) {
            Py_INCREF(Py_None);
            a.start = Py_None;
        }
        q->texts[q->count] = a.text;
        q->starts[q->count++] = a.start;
        return OK;
    }
    Py_XDECREF(a.text);
    Py_XDECREF(a.start);
    return status;
}

static int question_member(cursor *c, const span *key, void *data)
{
    question *q = data;
    if (matches(key, "id"))
        return string_once(c, &q->seen_id, &q->id);
    if (matches(key, "answers"))
        return array_once(c, &q->seen_answers, answer_element, q);
    return other_member(c, key, 3);
}

static int question_element(cursor *c, void *data)
{
    reading *r = data;
    if (c->p >= c->end || *c->p != '{')
        return OTHER;
    question q;
    q.r = r;
    q.id = NULL;
    q.texts = q.texts_stack;
    q.starts = q.starts_stack;
    q.count = 0;
    q.capacity = STACK_ANSWERS;
    q.seen_id = q.seen_answers = 0;
    int status = each_member(c, question_member, &q);
    if (status == OK && !(q.seen_id && q.seen_answers))
        status = OTHER;
    if (status == OK) {
        PyTypeObject *type = (PyTypeObject *)r->question_type;
        PyObject *built = type->tp_alloc(type, 5);
        PyObject *texts = take_tuple(q.texts, q.count), *starts = take_tuple(q.starts, q.count);
        PyObject *row = PyLong_FromSsize_t(PyList_GET_SIZE(r->questions));
        if (built == NULL || texts == NULL || starts == NULL || row == NULL) {
            Py_XDECREF(built);
            Py_XDECREF(texts);
            Py_XDECREF(starts);
            Py_XDECREF(row);
            status = FAILED;
        }
        else {
            Py_INCREF(q.id);
            Py_INCREF(Py_None);
            PyTuple_SET_ITEM(built, 0, q.id);
            PyTuple_SET_ITEM(built, 1, texts);
            PyTuple_SET_ITEM(built, 2, starts);
            PyTuple_SET_ITEM(built, 3, Py_None); /* the context, set when the paragraph ends */
            PyTuple_SET_ITEM(built, 4, row);
            status = PyList_Append(r->questions, built) < 0 ? FAILED : OK;
            Py_DECREF(built);
        }
    }
    Py_XDECREF(q.id);
    for (Py_ssize_t k = 0; k < q.count; k++) {
        Py_XDECREF(q.texts[k]);
        Py_XDECREF(q.starts[k]);
    }
    if (q.texts != q.texts_stack) {
        PyMem_Free(q.texts);
        PyMem_Free(q.starts);
    }
    return status;
}

typedef struct {
    reading *r;
    PyObject *context;
    int seen_context, seen_qas;
} paragraph;

static int paragraph_member(cursor *c, const span *key, void *data)
{
    paragraph *g = data;
    if (matches(key, "context")) {
        if (g->seen_context || c->p >= c->end)
            return OTHER;
        g->seen_context = 1;
        if (*c->p == 'n')
            return literal(c, "null"); /* a null context is no context */
        return kept_string(c, &g->context);
    }
    if (matches(key, "qas"))
        return array_once(c, &g->seen_qas, question_element, g->r);
    return other_member(c, key, 2);
}

static int paragraph_element(cursor *c, void *data)
{
    reading *r = data;
    if (c->p >= c->end || *c->p != '{')
        return OTHER;
    const Py_ssize_t first = PyList_GET_SIZE(r->questions);
    paragraph g = {r, NULL, 0, 0};
    int status = each_member(c, paragraph_member, &g);
    if (status == OK && !g.seen_qas)
        status = OTHER;
    const Py_ssize_t last = PyList_GET_SIZE(r->questions);
    if (status == OK && g.context != NULL) {
        for (Py_ssize_t k = first; k < last; k++) {
            PyObject *built = PyList_GET_ITEM(r->questions, k);
            PyObject *old = PyTuple_GET_ITEM(built, 3);
            Py_INCREF(g.context);
            PyTuple_SET_ITEM(built, 3, g.context);
            Py_DECREF(old);
        }
    }
    if (status == OK) {
        PyObject *size = PyLong_FromSsize_t(last - first);
        if (size == NULL || PyList_Append(r->article_shape, size) < 0)
            status = FAILED;
        Py_XDECREF(size);
    }
    Py_XDECREF(g.context);
    return status;
}

typedef struct {
    reading *r;
    int seen_paragraphs;
} article;

static int article_member(cursor *c, const span *key, void *data)
{
    article *a = data;
    if (matches(key, "paragraphs"))
        return array_once(c, &a->seen_paragraphs, paragraph_element, a->r);
    return other_member(c, key, 1);
}

static int article_element(cursor *c, void *data)
{
    reading *r = data;
    if (c->p >= c->end || *c->p != '{')
        return OTHER;
    PyObject *sizes = PyList_New(0);
    if (sizes == NULL)
        return FAILED;
    int status = PyList_Append(r->shape, sizes) < 0 ? FAILED : OK;
    Py_DECREF(sizes);
    if (status != OK)
        return status;
    r->article_shape = sizes; /* borrowed: the shape list holds it */
    article a = {r, 0};
    status = each_member(c, article_member, &a);
    return status == OK && !a.seen_paragraphs ? OTHER : status;
}

typedef struct {
    reading *r;
    int seen_data, seen_version;
} top;

static int top_member(cursor *c, const span *key, void *data)
{
    top *t = data;
    if (matches(key, "data"))
        return array_once(c, &t->seen_data, article_element, t->r);
    if (matches(key, "version")) {
        if (t->seen_version)
            return OTHER;
        t->seen_version = 1;
        t->r->version_start = c->p;
        int status = skip_value(c, 1);
        t->r->version_end = c->p;
        return status;
    }
    return other_member(c, key, 1);
}

static int read_file(cursor *c, reading *r)
{
    int status;
    skip_space(c);
    if (c->p >= c->end)
        return OTHER;
    if (*c->p == '{') {
        top t = {r, 0, 0};
        if ((status = each_member(c, top_member, &t)) != OK)
            return status;
        if (!t.seen_data)
            return OTHER;
    }
    else if (*c->p == '[') {
        if ((status = each_element(c, article_element, r)) != OK)
            return status;
        if (PyList_GET_SIZE(r->shape) == 0)
            return OTHER;
    }
    else {
        return OTHER;
    }
    skip_space(c);
    return c->p == c->end && PyList_GET_SIZE(r->questions) > 0 ? OK : OTHER;
}

PyDoc_STRVAR(questions_doc,
             "questions(data, question_type, unique_keys, /)\n--\n\n"
             "The questions of a SQuAD-layout gold from its UTF-8 bytes ``data``\n"
             "(no byte order mark): ``(questions, version, shape)``, where\n"
             "``questions`` is a list of ``question_type(id, answer texts, answer\n"
             "starts, context, row)`` in file order, ``version`` the ``(start,\n"
             "end)`` byte offsets of the top-level \"version\" value (``None`` when\n"
             "absent) and ``shape`` the question count of each paragraph, per\n"
             "article. ``None`` for a file this reader leaves to Python's json\n"
             "(with ``unique_keys``, also any file with a key repeated in an object).");

static PyObject *questions(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3 || !PyBytes_Check(args[0]) || !PyType_Check(args[1])
        || !PyType_IsSubtype((PyTypeObject *)args[1], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError,
                        "questions() takes bytes, a tuple subclass and unique_keys");
        return NULL;
    }
    const int unique_keys = PyObject_IsTrue(args[2]);
    if (unique_keys < 0)
        return NULL;
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    cursor c = {data, data + PyBytes_GET_SIZE(args[0]), unique_keys};
    reading r = {args[1], PyList_New(0), PyList_New(0), NULL, NULL, NULL};
    PyObject *result = NULL;
    int status = r.questions && r.shape ? read_file(&c, &r) : FAILED;
    if (status == OK) {
        PyObject *version = Py_None;
        Py_INCREF(version);
        if (r.version_start != NULL) {
            Py_DECREF(version);
            version = Py_BuildValue("(nn)", (Py_ssize_t)(r.version_start - data),
                                    (Py_ssize_t)(r.version_end - data));
        }
        if (version != NULL)
            result = Py_BuildValue("(OOO)", r.questions, version, r.shape);
        Py_XDECREF(version);
    }
    else if (status == OTHER) {
        result = Py_None;
        Py_INCREF(result);
    }
    Py_XDECREF(r.questions);
    Py_XDECREF(r.shape);
    return result;
}

/* --- predictions: {id: text} ---------------------------------------------------- */

typedef struct {
    PyObject *map;
} text_map_reading;

static int text_member(cursor *c, const span *key, void *data)
{
    text_map_reading *t = data;
    PyObject *v = NULL; /* a value that is not a text: OTHER, Python's path */
    int status = kept_string(c, &v);
    if (status != OK)
        return status;
    PyObject *k = make_string(key);
    const Py_ssize_t before = PyDict_GET_SIZE(t->map);
    status = k == NULL || PyDict_SetItem(t->map, k, v) < 0 ? FAILED : OK;
    Py_XDECREF(k);
    Py_XDECREF(v);
    if (status == OK && PyDict_GET_SIZE(t->map) == before)
        status = OTHER; /* a repeated id: Python's path warns of it */
    return status;
}

PyDoc_STRVAR(text_map_doc,
             "text_map(data, /)\n--\n\n"
             "The dict of a JSON object whose values are all strings, from its\n"
             "UTF-8 bytes ``data`` (no byte order mark), as json.loads gives it;\n"
             "``None`` for anything else (another value, a key given twice,\n"
             "invalid JSON or UTF-8), which this reader leaves to Python's json.");

static PyObject *text_map(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 1 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "text_map() takes bytes");
        return NULL;
    }
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    cursor c = {data, data + PyBytes_GET_SIZE(args[0]), 0};
    text_map_reading t = {PyDict_New()};
    if (t.map == NULL)
        return NULL;
    skip_space(&c);
    int status = c.p < c.end && *c.p == '{' ? each_member(&c, text_member, &t) : OTHER;
    if (status == OK) {
        skip_space(&c);
        if (c.p != c.end)
            status = OTHER;
    }
    if (status == OK)
        return t.map;
    Py_DECREF(t.map);
    if (status == OTHER)
        Py_RETURN_NONE;
    return NULL;
}

/* --- JSON Lines: columns of strings -------------------------------------------- */

#define MAX_COLUMNS 8

typedef struct {
    Py_ssize_t count;                /* the wanted keys */
    const char *names[MAX_COLUMNS];  /* their names (UTF-8, no escapes) */
    int lists[MAX_COLUMNS];          /* a list of strings, else a string */
    PyObject *columns[MAX_COLUMNS];  /* one list per key */
    int seen[MAX_COLUMNS];           /* in the object being read */
} columns_reading;

static int string_list_element(cursor *c, void *data)
{
    PyObject *text = NULL;
    int status = kept_string(c, &text);
    if (status == OK && PyList_Append((PyObject *)data, text) < 0)
        status = FAILED;
    Py_XDECREF(text);
    return status;
}

static int column_member(cursor *c, const span *key, void *data)
{
    columns_reading *r = data;
    for (Py_ssize_t k = 0; k < r->count; k++) {
        if (!matches(key, r->names[k]))
            continue;
        PyObject *value = NULL;
        int status;
        if (!r->lists[k]) {
            status = string_once(c, &r->seen[k], &value);
        }
        else {
            PyObject *list = PyList_New(0);
            if (list == NULL)
                return FAILED;
            value = list;
            status = array_once(c, &r->seen[k], string_list_element, list);
        }
        if (status == OK && PyList_Append(r->columns[k], value) < 0)
            status = FAILED;
        Py_XDECREF(value);
        return status;
    }
    return other_member(c, key, 1);
}

/* The object on one line [start, end): every wanted key once, nothing but
 * JSON's whitespace around it. */
static int read_line(columns_reading *r, const unsigned char *start, const unsigned char *end)
{
    cursor c = {start, end, 1};
    skip_space(&c);
    if (c.p >= c.end || *c.p != '{')
        return OTHER; /* a blank line, or another value */
    memset(r->seen, 0, sizeof r->seen);
    int status = each_member(&c, column_member, r);
    if (status != OK)
        return status;
    for (Py_ssize_t k = 0; k < r->count; k++)
        if (!r->seen[k])
            return OTHER;
    skip_space(&c);
    return c.p == c.end ? OK : OTHER;
}

PyDoc_STRVAR(string_columns_doc,
             "string_columns(data, keys, lists, /)\n--\n\n"
             "The columns of a JSON Lines file's UTF-8 bytes ``data`` (no byte\n"
             "order mark): for each key of ``keys`` (a tuple of str), the list of\n"
             "its values, one per line in order: a str, or where ``lists`` (a tuple\n"
             "of bools beside ``keys``) says so a list of str. ``None`` for a file\n"
             "with anything else: a blank line, a line that is not one JSON object,\n"
             "a key missing, given twice or of another type, a key written with\n"
             "escapes, invalid JSON or UTF-8 (the caller's json path reads those).");

static PyObject *string_columns(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3 || !PyBytes_Check(args[0]) || !PyTuple_Check(args[1])
        || !PyTuple_Check(args[2]) || PyTuple_GET_SIZE(args[1]) != PyTuple_GET_SIZE(args[2])
        || PyTuple_GET_SIZE(args[1]) > MAX_COLUMNS) {
        PyErr_SetString(PyExc_TypeError,
                        "string_columns() takes bytes and two tuples of the same length");
        return NULL;
    }
    columns_reading r;
    memset(&r, 0, sizeof r);
    r.count = PyTuple_GET_SIZE(args[1]);
    PyObject *result = NULL;
    int status = OK;
    for (Py_ssize_t k = 0; k < r.count && status == OK; k++) {
        PyObject *name = PyTuple_GET_ITEM(args[1], k);
        r.names[k] = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
        r.lists[k] = PyObject_IsTrue(PyTuple_GET_ITEM(args[2], k));
        r.columns[k] = PyList_New(0);
        if (r.names[k] == NULL || r.lists[k] < 0 || r.columns[k] == NULL)
            status = FAILED;
    }
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    const unsigned char *end = p + PyBytes_GET_SIZE(args[0]);
    if (p == end)
        status = OTHER; /* no line */
    while (status == OK && p < end) {
        const unsigned char *line_end = memchr(p, '\n', (size_t)(end - p));
        if (line_end == NULL)
            line_end = end;
        status = read_line(&r, p, line_end);
        p = line_end + 1;
    }
    if (status == OK) {
        result = PyTuple_New(r.count);
        for (Py_ssize_t k = 0; result != NULL && k < r.count; k++) {
            PyTuple_SET_ITEM(result, k, r.columns[k]);
            r.columns[k] = NULL;
        }
    }
    else if (status == OTHER) {
        if (!PyErr_Occurred()) {
            result = Py_None;
            Py_INCREF(result);
        }
    }
    else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_TypeError, "string_columns(): bad keys");
    }
    for (Py_ssize_t k = 0; k < r.count; k++)
        Py_XDECREF(r.columns[k]);
    return result;
}

static PyMethodDef methods[] = {
    {"questions", (PyCFunction)(void (*)(void))questions, METH_FASTCALL, questions_doc},
    {"text_map", (PyCFunction)(void (*)(void))text_map, METH_FASTCALL, text_map_doc},
    {"string_columns", (PyCFunction)(void (*)(void))string_columns, METH_FASTCALL,
     string_columns_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_answermatch_json",
    .m_doc = "Optional compiled JSON readers for answermatch (SQuAD layout, {id: text}, "
              "JSON Lines columns).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__answermatch_json(void)
{
    fill_hex();
    fill_plain();
    fill_raw();
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "API", 4) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
