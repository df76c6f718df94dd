"""Language codes: one lookup for tokenizers, normalization and matchers.

Every function that takes a ``lang`` passes it through
:func:`canonical_language`, which accepts the usual spellings of a language
and gives the short code the library's registries use (ISO 639-1 where the
language has one, e.g. ``ja``), or raises
:class:`~answermatch.errors.UnknownLanguageError`:

- BCP 47 tags, in any case and with ``-`` or ``_``: the primary language
  subtag decides, the script, region and other subtags are ignored
  (``zh-Hant-TW`` and ``zh_CN`` are ``zh``; ``pt-BR`` is ``pt``);
  :func:`language_script` keeps the script they state or imply;
- ISO 639-2 (bibliographic and terminological) and ISO 639-3 codes
  (``jpn``, ``zho``/``chi``, ``tha``, ``ell``/``gre``...), and the codes of
  individual languages CLDR treats as their macrolanguage (``cmn`` Mandarin
  for ``zh``, ``arb`` Standard Arabic for ``ar``, ``zsm`` for ``ms``);
- Norwegian: ``no``, ``nb`` (Bokmål), ``nor`` and ``nob`` are all ``no``,
  the code MKQA uses (Nynorsk, ``nn``, stays a language of its own);
- the withdrawn ISO 639-1 codes still in use (``iw`` Hebrew, ``in``
  Indonesian, ``ji`` Yiddish, ``jw`` Javanese, ``mo`` Romanian).

Two kinds of languages are accepted:

- the languages of :data:`LANGUAGES` (those of MKQA, XQuAD, TyDi QA,
  XOR-TyDi and the seed tasks, plus Lao and Burmese), with rules of their
  own where they need them (tokenizers, casing, marks, articles);
- every other language CLDR names (all 184 ISO 639-1 codes and about 460
  ISO 639-2/3 codes, such as ``ca``, ``uk``, ``fil``, ``yue``), which get
  the Unicode-aware defaults: the word splitter, case folding, no articles.

A code in neither (``xx``, ``und``, ``english``) is an error. The table of
codes and aliases comes from CLDR (through ``babel``, which the tests use
to check it); it is part of the source, so no data is read at run time.

>>> canonical_language("zh-Hant"), canonical_language("JA_jp"), canonical_language("nb-NO")
('zh', 'ja', 'no')
>>> canonical_language("ca"), canonical_language("ukr")
('ca', 'uk')
>>> canonical_language("xx")
Traceback (most recent call last):
...
answermatch.errors.UnknownLanguageError: unknown language 'xx'; supported: ar, bn, da, ...
"""

from __future__ import annotations

from .errors import UnknownLanguageError

#: The languages with rules of their own, by canonical code; each has a
#: tokenizer (:mod:`answermatch.tokenizers`), and normalization and every
#: matcher take it.
LANGUAGES: dict[str, str] = {
    "ar": "Arabic",
    "bn": "Bengali",
    "da": "Danish",
    "de": "German",
    "el": "Greek",
    "en": "English",
    "es": "Spanish",
    "fi": "Finnish",
    "fr": "French",
    "he": "Hebrew",
    "hi": "Hindi",
    "hu": "Hungarian",
    "id": "Indonesian",
    "it": "Italian",
    "ja": "Japanese",
    "km": "Khmer",
    "ko": "Korean",
    "lo": "Lao",
    "ms": "Malay",
    "my": "Burmese",
    "nl": "Dutch",
    "no": "Norwegian",
    "pl": "Polish",
    "pt": "Portuguese",
    "ro": "Romanian",
    "ru": "Russian",
    "sv": "Swedish",
    "sw": "Swahili",
    "te": "Telugu",
    "th": "Thai",
    "tr": "Turkish",
    "vi": "Vietnamese",
    "zh": "Chinese",
}

# Language codes CLDR names (ISO 639-1, then ISO 639-2/3 where the language
# has no two-letter code), and aliases (three-letter code -> code), as CLDR
# gives them (generated with babel; tests/test_languages.py checks them).
_CLDR_CODES = (
    "aa ab ace ach ada ady ae aeb af afh agq ain ak akk akz ale aln alt am an ang ann anp "
    "apw ar arc arn aro arp arq ars arw ary arz as asa ase ast atj av avk awa ay az ba "
    "bal ban bar bas bax bbc bbj be bej bem bew bez bfd bfq bg bgc bgn bho bi bik bin bjn "
    "bkm bla blo blt bm bn bo bpy bqi br bra brh brx bs bss bua bug bum byn byv ca cad "
    "car cay cch ccp ce ceb cgg ch chb chg chk chm chn cho chp chr chy cic ckb clc co cop "
    "cps cr crg crh crj crk crl crm crr crs cs csb csw cu cv cy da dak dar dav de del den "
    "dgr din dje doi dsb dtp dua dum dv dyo dyu dz dzg ebu ee efi egl egy eka el elx en "
    "enm eo es esu et eu ewo ext fa fan fat ff fi fil fit fj fo fon fr frc frm fro frp "
    "frr frs fur fy ga gaa gag gan gay gba gbz gd gez gil gl glk gmh gn goh gon gor got "
    "grb grc gsw gu guc gur guz gv gwi ha hai hak haw hax he hi hif hil hit hmn hnj ho hr "
    "hsb hsn ht hu hup hur hy hz ia iba ibb id ie ig ii ik ikt ilo inh io is it iu izh ja "
    "jam jbo jgo jmc jpr jrb jut jv ka kaa kab kac kaj kam kaw kbd kbl kcg kde kea kek "
    "ken kfo kg kgp kha kho khq khw ki kiu kj kk kkj kl kln km kmb kn ko koi kok kos kpe "
    "kr krc kri krj krl kru ks ksb ksf ksh ku kum kut kv kw kwk kxv ky la lad lag lah lam "
    "lb lez lfn lg li lij lil liv lkt lld lmo ln lo lol lou loz lrc lsm lt ltg lu lua lui "
    "lun luo lus luy lv lzh lzz mad maf mag mai mak man mas mde mdf mdr men mer mfe mg "
    "mga mgh mgo mh mi mic mid min mk ml mn mnc mni moe moh mos mr mrj ms mt mua mus mwl "
    "mwr mwv my mye myv mzn na nan nap naq nb nd nds ne new ng nia niu njo nl nmg nn nnh "
    "nnp no nog non nov nqo nr nso nus nv nwc ny nym nyn nyo nzi oc oj ojb ojc ojs ojw "
    "oka om or os osa ota pa pag pal pam pap pau pcd pcm pdc pdt peo pfl phn pi pis pl "
    "pms pnt pon pqm prg pro ps pt qu quc qug raj rap rar rej rgn rhg rif rm rn ro rof "
    "rom rtm ru rue rug rup rw rwk sa sad sah sam saq sas sat saz sba sbp sc scn sco sd "
    "sdc sdh se see seh sei sel ses sg sga sgs sh shi shn shu si sid sjd sje sju sk sl "
    "slh sli sly sm sma smj smn sms sn snk so sog sq sr srn srr ss ssy st stq str su suk "
    "sus sux sv sw swb syc syr szl ta tce tcy te tem teo ter tet tg tgx th tht ti tig tiv "
    "tk tkl tkr tl tlh tli tly tmh tn to tog tok tpi tr tru trv trw ts tsd tsi tt ttm ttt "
    "tum tvl tw twq ty tyv tzm udm ug uga uk umb ur uz vai ve vec vep vi vls vmf vmw vo "
    "vot vro vun wa wae wal war was wbp wo wuu xal xh xmf xnr xog yao yap yav ybb yi yo "
    "yrl yue za zap zbl zea zen zgh zh zu zun zza"
)
_CLDR_ALIASES = (
    "aar:aa abk:ab adp:dz afr:af ajt:aeb aju:jrb aka:ak alb:sq als:sq amh:am ara:ar "
    "arb:ar arg:an arm:hy asm:as ava:av ave:ae aym:ay ayr:ay aze:az azj:az bak:ba bam:bm "
    "baq:eu bcc:bal bcl:bik bel:be ben:bn bih:bho bis:bi blg:iba bod:bo bos:bs bre:br "
    "bul:bg bur:my bxk:luy bxr:bua cat:ca ces:cs cha:ch che:ce chi:zh chu:cu chv:cv "
    "cld:syr cls:sa cmn:zh cor:kw cos:co cre:cr cwd:cr cym:cy cze:cs dan:da deu:de "
    "dgo:doi dhd:mwr dik:din diq:zza div:dv drh:mn dut:nl dzo:dz ekk:et ell:el emk:man "
    "eng:en epo:eo esk:ik est:et eus:eu ewe:ee fao:fo fas:fa fij:fj fin:fi fra:fr fre:fr "
    "fry:fy fuc:ff ful:ff gaz:om gbo:grb geo:ka ger:de gla:gd gle:ga glg:gl glv:gv "
    "gno:gon gom:kok gre:el grn:gn gug:gn guj:gu gya:gba hat:ht hau:ha hdn:hai hea:hmn "
    "heb:he her:hz hin:hi hmo:ho hrv:hr hun:hu hye:hy ibo:ig ice:is ido:io iii:ii ike:iu "
    "iku:iu ile:ie ina:ia ind:id ipk:ik isl:is ita:it jav:jv jpn:ja kal:kl kan:kn kas:ks "
    "kat:ka kau:kr kaz:kk khk:mn khm:km kik:ki kin:rw kir:ky kmr:ku knc:kr kng:kg kom:kv "
    "kon:kg kor:ko kpv:kv ktr:dtp kua:kj kur:ku kxl:kru kzj:dtp kzt:dtp lao:lo lat:la "
    "lav:lv lim:li lin:ln lit:lt ltz:lb lub:lu lug:lg lvs:lv mac:mk mah:mh mal:ml mao:mi "
    "mar:mr may:ms mhr:chm mkd:mk mlg:mg mlt:mt mol:ro mon:mn mri:mi msa:ms mup:raj "
    "mya:my nau:na nav:nv nbl:nr nde:nd ndo:ng nep:ne nld:nl nno:nn nob:nb nor:no npi:ne "
    "nya:ny oci:oc ojg:oj oji:oj ori:or orm:om ory:or oss:os pan:pa pbu:ps per:fa pes:fa "
    "pli:pi plt:mg pmk:crr pnb:lah pol:pl por:pt prp:gu pus:ps que:qu quz:qu rmy:rom "
    "roh:rm ron:ro rum:ro run:rn rus:ru sag:sg san:sa scc:sr scr:hr sin:si slk:sk slo:sk "
    "slv:sl smd:kmb sme:se smo:sm sna:sn snb:iba snd:sd som:so sot:st spa:es spy:kln "
    "sqi:sq src:sc srd:sc srp:sr ssw:ss sun:su swa:sw swe:sv swh:sw tah:ty tam:ta tat:tt "
    "tdu:dtp tel:te tgk:tg tgl:fil tha:th tib:bo tir:ti ton:to tsn:tn tso:ts ttq:tmh "
    "tuk:tk tur:tr twi:ak uig:ug ukr:uk umu:del urd:ur uzb:uz uzn:uz ven:ve vie:vi vol:vo "
    "wel:cy wln:wa wol:wo xho:xh xpe:kpe xsl:den ydd:yi yid:yi yol:enm yor:yo zai:zap "
    "zha:za zho:zh zsm:ms zul:zu zyb:za"
)
# aliases CLDR does not give, or gives otherwise
_EXTRA_ALIASES = {
    "nb": "no", "nob": "no", "nor": "no",
    "in": "id", "iw": "he", "ji": "yi", "jw": "jv", "mo": "ro",
}  # fmt: skip

# every spelling seen so far -> canonical code (grows as codes are looked up)
_CANONICAL: dict[str, str] = {code: code for code in LANGUAGES}
_table: dict[str, str] = {}  # code or alias -> canonical code, read on first use


def _codes() -> dict[str, str]:
    if not _table:
        table = {code: code for code in _CLDR_CODES.split()}
        for pair in _CLDR_ALIASES.split():
            alias, _, code = pair.partition(":")
            table[alias] = code
        table.update(_EXTRA_ALIASES)
        for alias, code in table.items():
            table[alias] = _EXTRA_ALIASES.get(code, code)  # nob -> nb -> no
        _table.update(table)
    return _table


def supported_languages() -> list[str]:
    """The canonical codes of the languages with rules of their own
    (:data:`LANGUAGES`), sorted.

    >>> "ja" in supported_languages(), "ca" in supported_languages()
    (True, False)
    """
    return sorted(LANGUAGES)


def _primary(code: str) -> str:
    return code.strip().replace("_", "-").split("-", 1)[0].lower()


def canonical_language(code: str) -> str:
    """The canonical code for a BCP 47 tag or an ISO 639 code in any case,
    with ``-`` or ``_`` between subtags: a key of :data:`LANGUAGES`, or the
    code of another language CLDR names (which gets the Unicode defaults);
    raises :class:`~answermatch.errors.UnknownLanguageError` for anything
    else and :class:`TypeError` for a non-string.

    >>> canonical_language("zh-CN"), canonical_language("ZH"), canonical_language("zho")
    ('zh', 'zh', 'zh')
    >>> canonical_language("pt-BR"), canonical_language("tha"), canonical_language("iw")
    ('pt', 'th', 'he')
    """
    try:
        return _CANONICAL[code]
    except KeyError:
        pass
    except TypeError:  # unhashable
        pass
    if not isinstance(code, str):
        raise TypeError(f"lang must be a str or None, not {type(code).__name__}")
    primary = _primary(code)
    canonical = _codes().get(primary) if len(primary) in (2, 3) else None
    if canonical is None and _has_plugin_tokenizer(code):
        return code  # a language a plugin package adds, named as the plugin names it
    if canonical is None:
        raise UnknownLanguageError(
            f"unknown language {code!r}; supported: {', '.join(supported_languages())} "
            "(and, with Unicode defaults, any other ISO 639 code)"
        )
    if len(_CANONICAL) < 4096:  # bounded: codes come from programs, not from data
        _CANONICAL[code] = canonical
    return canonical


def _has_plugin_tokenizer(code: str) -> bool:
    from .tokenizers import TOKENIZERS

    return code in TOKENIZERS


def optional_language(code: str | None) -> str | None:
    """:func:`canonical_language`, with ``None`` (no language) passed through.

    >>> optional_language(None) is None, optional_language("EN")
    (True, 'en')
    """
    return None if code is None else canonical_language(code)


# language -> region subtag -> the script written there, where the region
# decides it (Chinese: Traditional in Taiwan, Hong Kong and Macau)
_REGION_SCRIPTS: dict[str, dict[str, str]] = {
    "zh": {"TW": "Hant", "HK": "Hant", "MO": "Hant", "CN": "Hans", "SG": "Hans", "MY": "Hans"},
}


def language_script(code: str) -> str | None:
    """The script a language tag states (its ISO 15924 subtag, title case)
    or implies by its region where that decides it (Chinese: ``zh-TW``,
    ``zh_hk`` and ``zh-MO`` are ``Hant``, ``zh-CN`` and ``zh-SG`` are
    ``Hans``), else None. The tag is checked as :func:`canonical_language`
    checks it; ``zh`` stays the key of the one Chinese tokenizer, and this
    is where a rule that needs the variant (Traditional/Simplified
    folding) reads it.

    >>> from answermatch.languages import language_script
    >>> language_script("zh-Hant"), language_script("zh_tw"), language_script("zh-CN")
    ('Hant', 'Hant', 'Hans')
    >>> language_script("zh"), language_script("sr-Latn-RS"), language_script("en-US")
    (None, 'Latn', None)
    """
    lang = canonical_language(code)
    subtags = code.strip().replace("_", "-").split("-")[1:]
    region = None
    for subtag in subtags:
        if len(subtag) == 4 and subtag.isascii() and subtag.isalpha():
            return subtag.title()
        if region is None and (
            (len(subtag) == 2 and subtag.isascii() and subtag.isalpha())
            or (len(subtag) == 3 and subtag.isdecimal())
        ):
            region = subtag.upper()
    if region is None:
        return None
    return _REGION_SCRIPTS.get(lang, {}).get(region)


__all__ = [
    "LANGUAGES",
    "canonical_language",
    "language_script",
    "optional_language",
    "supported_languages",
]
