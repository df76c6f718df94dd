"""A multilingual suite of generated answers for the lenient judge and containment.

Written for answermatch's tests (not taken from any dataset): in each
language, gold answers of the kinds found in XQuAD, MLQA, XOR-TyDi and MKQA
(places, people, rivers, years, counts) are put inside sentences a model
might write (answer cues, particles and suffixes joined to the answer,
prefixes), and beside them the cases a judge must refuse: the gold hidden
inside a longer word, a near-miss number, another answer, and a denial.

:func:`cases` gives ``(lang, kind, prediction, golds, expected)`` rows;
``kind`` is ``sentence``, ``number``, ``hidden``, ``near-number``, ``other``
or ``negated``. ``benchmarks/bench_judge.py`` reports agreement per
language; ``tests/test_judge_suite.py`` holds the targets.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Language:
    """One language's material: ``golds`` (answers of several kinds),
    ``sentences`` (templates, ``{a}`` for the answer), ``hidden`` (a gold
    and a longer word that holds it but means something else), ``number``
    (a year-like gold), ``negations`` (templates denying ``{a}``)."""

    golds: tuple[str, ...]
    sentences: tuple[str, ...]
    hidden: tuple[tuple[str, str], ...]
    number: str = "1969"
    negations: tuple[str, ...] = field(default=())


LANGUAGES: dict[str, Language] = {
    "en": Language(
        ("Mark Twain", "Mount Everest", "Paris", "the Amazon River"),
        ("The answer is {a}.", "I think it was {a}, if I remember correctly.",
         "{a}", "It's {a}'s, most likely."),
        (("HIV", "Chivas Regal is a whisky."), ("Paris", "It is a Parisian café."),
         ("Art", "Artemis was a goddess.")),
        negations=("It is not {a}.", "It certainly wasn't {a}."),
    ),
    "de": Language(
        ("Berlin", "Johann Wolfgang von Goethe", "die Zugspitze", "Rhein"),
        ("Die Antwort ist {a}.", "Ich glaube, es war {a}.", "Das ist {a}, soweit ich weiß."),
        (("Berlin", "Es war ein Berliner."), ("Rhein", "Es liegt im Rheinland."),
         ("Ost", "Es liegt an der Ostsee.")),
        negations=("Es ist nicht {a}.",),
    ),
    "es": Language(
        ("Madrid", "Miguel de Cervantes", "el río Ebro", "Lima"),
        ("La respuesta es {a}.", "Creo que fue {a}.", "Se trata de {a}, según las fuentes."),
        (("Sol", "Se llamaba Soledad."), ("Mar", "Es el planeta Marte."),
         ("Lima", "Es una limadura de hierro.")),
        negations=("No es {a}.",),
    ),
    "fr": Language(
        ("Paris", "Victor Hugo", "la Loire", "le mont Blanc"),
        ("La réponse est {a}.", "Je pense que c'était {a}.", "C'est {a}, d'après les sources."),
        (("Paris", "C'est un café parisien."), ("Or", "Il est né à Orléans."),
         ("Mer", "C'est la planète Mercure.")),
        negations=("Ce n'est pas {a}.",),
    ),
    "it": Language(
        ("Roma", "Dante Alighieri", "il Po", "Napoli"),
        ("La risposta è {a}.", "Credo che fosse {a}.", "Si tratta di {a}."),
        (("Roma", "Viene dalla Romania."), ("Po", "È nata a Potenza."),
         ("Napoli", "È un napoletano.")),
        negations=("Non è {a}.",),
    ),
    "pt": Language(
        ("Lisboa", "Luís de Camões", "o rio Tejo", "Porto"),
        ("A resposta é {a}.", "Acho que foi {a}.", "Foi {a}, segundo as fontes."),
        (("Porto", "Ele vive em Portugal."), ("Mar", "Fica no Maranhão."),
         ("Sol", "Era um soldado.")),
        negations=("Não é {a}.",),
    ),
    "nl": Language(
        ("Amsterdam", "Rembrandt van Rijn", "de Maas", "Utrecht"),
        ("Het antwoord is {a}.", "Ik denk dat het {a} was.", "Dat is {a}, volgens de bronnen."),
        (("Zee", "Het ligt in Zeeland."), ("Den", "Het ligt in Denemarken."),
         ("Maas", "Hij woont in Maastricht.")),
        negations=("Het is niet {a}.",),
    ),
    "pl": Language(
        ("Warszawa", "Adam Mickiewicz", "Wisła", "Kraków"),
        ("Odpowiedź: {a}.", "Myślę, że to {a}.", "Chodzi o {a}, jak sądzę."),
        (("San", "Leży w Sandomierzu."), ("Hel", "To była Helena."),
         ("Bug", "Mieszka na Bugaju.")),
        number="1000",
        negations=("To nie {a}.",),
    ),
    "ru": Language(
        ("Москва", "Лев Толстой", "Волга", "Санкт-Петербург"),
        ("Ответ: {a}.", "Я думаю, это {a}.", "Правильный ответ — {a}."),
        (("Дон", "Это было в Донецке."), ("Ока", "Это окапи."), ("Нева", "Это штат Невада.")),
        number="1000",
        negations=("Это не {a}.",),
    ),
    "tr": Language(
        ("Ankara", "İstanbul", "Mustafa Kemal Atatürk", "Van Gölü"),
        ("Cevap: {a}.", "Bence doğru cevap {a}'dır.", "Sanırım {a}'ydı."),
        (("Van", "Vancouver'da yaşıyor."), ("Ege", "O bir egemen devlet."),
         ("Bor", "Borsa kapandı.")),
        negations=("{a} değil.",),
    ),
    "ar": Language(
        ("القاهرة", "نجيب محفوظ", "نهر النيل", "بغداد"),
        ("الإجابة هي {a}.", "أعتقد أنها {a}.", "وُلد في {a}."),
        (("تسع", "في التسعينيات"), ("مصر", "وُلد في مصراتة."), ("نيل", "اسمه نيلسون.")),
    ),
    "he": Language(
        ("ירושלים", "דוד בן-גוריון", "ים המלח", "חיפה"),
        ("התשובה היא {a}.", "אני חושב שזה {a}.", "הוא נולד ב{a}."),
        (("דן", "קוראים לו דניאל."), ("ים", "הוא פנה ימינה."), ("חיפה", "זו חיפושית.")),
    ),
    "hi": Language(
        ("नई दिल्ली", "महात्मा गांधी", "गंगा", "मुंबई"),
        ("उत्तर है {a}।", "मेरे विचार से यह {a} है।", "सही उत्तर: {a}"),
        (("राम", "यह रामायण है।"), ("कम", "यह काम है।"), ("गंगा", "उसका नाम गंगाधर है।")),
        negations=("यह {a} नहीं है।",),
    ),
    "bn": Language(
        ("ঢাকা", "রবীন্দ্রনাথ ঠাকুর", "পদ্মা", "কলকাতা"),
        ("উত্তর হল {a}।", "আমার মনে হয় এটি {a}।", "সঠিক উত্তর: {a}"),
        (("রাম", "এটি রামায়ণ।"), ("কল", "এটি কলম।"), ("পদ্মা", "তিনি পদ্মাবতী।")),
    ),
    "ja": Language(
        ("東京都", "夏目漱石", "富士山", "大阪"),
        ("答えは{a}です。", "{a}だと思います。", "正解は「{a}」です。", "{a}で生まれました。"),
        (("京都", "東京都に住んでいます。"), ("本", "日本の首都です。"), ("京", "東京です。")),
        negations=("{a}ではありません。",),
    ),
    "zh": Language(
        ("北京", "鲁迅", "长江", "上海"),
        ("答案是{a}。", "我认为是{a}。", "正确答案：{a}", "他出生于{a}。"),
        (("北京", "他在北京大学读书。"), ("京", "首都是北京。"), ("海", "他住在上海。")),
        negations=("不是{a}。",),
    ),
    "ko": Language(
        ("서울", "세종대왕", "한강", "부산"),
        ("정답은 {a}입니다.", "{a}에서 태어났습니다.", "제 생각에는 {a}이다.", "{a}은 정답이다."),
        (("서울", "서울대학교에 다닌다."), ("한", "한국의 수도이다."),
         ("부산", "부산대학교 학생이다.")),
        negations=("{a}이 아닙니다.",),
    ),
    "th": Language(
        ("กรุงเทพมหานคร", "เชียงใหม่", "แม่น้ำเจ้าพระยา", "ภูเก็ต"),
        ("คำตอบคือ{a}", "ฉันคิดว่าเป็น{a}ครับ", "คำตอบ: {a}"),
        (("กร", "คือกรุงเทพ"), ("เก", "คือเก็บ"), ("ภู", "คือภูมิ")),
    ),
    "km": Language(
        ("ភ្នំពេញ", "អង្គរវត្ត", "សៀមរាប", "បាត់ដំបង"),
        ("ចម្លើយគឺ{a}", "ខ្ញុំគិតថាវាជា{a}", "ចម្លើយ៖ {a}"),
        (("ភ្នំ", "វាជាភ្នំពេញ"), ("ពេញ", "វាជាភ្នំពេញ"), ("សៀម", "វាជាសៀមរាប")),
    ),
    "lo": Language(
        ("ວຽງຈັນ", "ຫຼວງພະບາງ", "ປາກເຊ", "ສະຫວັນນະເຂດ"),
        ("ຄຳຕອບແມ່ນ{a}", "ຂ້ອຍຄິດວ່າແມ່ນ{a}", "ຄຳຕອບ: {a}"),
        (("ວຽງ", "ແມ່ນວຽງຈັນ"), ("ຈັນ", "ແມ່ນວຽງຈັນ"), ("ຫຼວງ", "ແມ່ນຫຼວງພະບາງ")),
    ),
    "my": Language(
        ("ရန်ကုန်", "မန္တလေး", "နေပြည်တော်", "ပုဂံ"),
        ("အဖြေမှာ{a}ဖြစ်သည်", "ကျွန်တော်ထင်တာက{a}ပါ", "အဖြေ: {a}"),
        (("မန္တ", "မန္တလေးပါ"), ("ပြည်", "နေပြည်တော်ပါ"), ("နေ", "နေပြည်တော်ပါ")),
    ),
    "vi": Language(
        ("Hà Nội", "Hồ Chí Minh", "sông Mê Kông", "Huế"),
        ("Câu trả lời là {a}.", "Tôi nghĩ đó là {a}.", "Đáp án: {a}"),
        (("Hà", "Đó là Hàn Quốc."), ("Huế", "Đó là Huệ."), ("Hồ", "Đó là con hổ.")),
        negations=("Đó không phải {a}.",),
    ),
    "id": Language(
        ("Jakarta", "Soekarno", "Sungai Kapuas", "Bandung"),
        ("Jawabannya adalah {a}.", "Menurut saya, itu {a}.", "Jawaban: {a}"),
        (("Bali", "Dia baliknya kemarin."), ("Jawa", "Itu jawaban saya."),
         ("Medan", "Itu medannya sulit.")),
        negations=("Itu bukan {a}.",),
    ),
    "fi": Language(
        ("Helsinki", "Jean Sibelius", "Saimaa", "Tampere"),
        ("Vastaus on {a}.", "Luulen, että se on {a}.", "Vastaus: {a}"),
        (("Oulu", "Hän on Oulunsalosta."), ("Turku", "Se on turkulainen."),
         ("Kemi", "Se on kemiaa.")),
        negations=("Se ei ole {a}.",),
    ),
    "sv": Language(
        ("Stockholm", "August Strindberg", "Vänern", "Göteborg"),
        ("Svaret är {a}.", "Jag tror att det var {a}.", "Svar: {a}"),
        (("Lund", "Han bor i Lunden."), ("Mora", "Det var moraliskt."),
         ("Stockholm", "Han är stockholmare.")),
        negations=("Det är inte {a}.",),
    ),
    "sw": Language(
        ("Nairobi", "Julius Nyerere", "Ziwa Viktoria", "Mombasa"),
        ("Jibu ni {a}.", "Nadhani ni {a}.", "Jibu: {a}"),
        (("Lamu", "Ni lamuni."), ("Tanga", "Ni Tanganyika."), ("Kilwa", "Ni Kilwani.")),
    ),
}  # fmt: skip


#: Cases only a word segmenter (a dictionary: ICU's, the ``th`` extra) can
#: decide: "ภู" (a hill) ends on a syllable edge inside "ภูมิ" (land), which
#: no rule of the script sees; the same for every hidden word of Khmer, Lao
#: and Burmese.
NEEDS_SEGMENTER = frozenset(
    {("th", "คือภูมิ")}
    | {
        (lang, prediction)
        for lang in ("km", "lo", "my")
        for _, prediction in LANGUAGES[lang].hidden
    }
)


def _near_misses(number: str) -> tuple[str, ...]:
    """Numbers that are not ``number``: one more, a digit appended, another leading digit."""
    value = int(number)
    return (str(value + 1), number + "5", str(value + 1000))


def cases() -> Iterator[tuple[str, str, str, tuple[str, ...], bool]]:
    """Every case of the suite: ``(lang, kind, prediction, golds, expected)``."""
    for lang, material in LANGUAGES.items():
        golds = material.golds
        for i, gold in enumerate(golds):
            for template in material.sentences:
                yield lang, "sentence", template.format(a=gold), (gold,), True
                other = golds[(i + 1) % len(golds)]
                if template != "{a}" and i % 2 == 0:
                    yield lang, "other", template.format(a=other), (gold,), False
        for template in material.sentences:
            yield lang, "number", template.format(a=material.number), (material.number,), True
        for miss in _near_misses(material.number):
            template = material.sentences[0]
            yield lang, "near-number", template.format(a=miss), (material.number,), False
        for gold, prediction in material.hidden:
            yield lang, "hidden", prediction, (gold,), False
        for template in material.negations:
            yield lang, "negated", template.format(a=golds[0]), (golds[0],), False
