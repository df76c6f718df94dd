"""Number words, one table per language, written by hand (the test
authority is num2words; the tables are not generated from it).

Each table is a string of ``word=value`` entries, lower case:

- ``word=N``: the word adds N (``twenty=20``, ``trescientos=300``);
- ``word=*N``: the word multiplies what was said since the last larger
  multiplier by N (``hundred=*100``: ``three hundred`` = 300;
  ``thousand=*1000``: ``twenty five thousand`` = 25000);
- ``word=+10``: the word adds 10 to the units before it (Finnish ``toista``,
  Indonesian ``belas``: ``dua belas`` = 12);
- ``word=``: a word that joins parts and adds nothing (``and``, ``und``, ``y``).

A word of the text may be a compound of entries (``zweitausenddreihundert``,
``kolmesataaneljäkymmentä``): it counts when it splits wholly into them.
Japanese and Chinese numerals are read by the ideographic reader in
:mod:`answermatch.matchers.numeric`, not from a table here. Entries are
compared in NFC (Bengali ``য়``, Telugu ``ై`` have two spellings in Unicode).
Hebrew and Arabic ``ו``/``و`` ("and") join parts, spaced or as a prefix
(``עשרים ואחת``, ``واحد وعشرون``).

No table: el, sw, hi, km, lo, my (num2words, the authority the tables are
tested against, has no converter for them).
"""

from __future__ import annotations

# fmt: off
TABLES: dict[str, str] = {
    "en": """
        zero=0 one=1 two=2 three=3 four=4 five=5 six=6 seven=7 eight=8 nine=9 ten=10
        eleven=11 twelve=12 thirteen=13 fourteen=14 fifteen=15 sixteen=16 seventeen=17
        eighteen=18 nineteen=19 twenty=20 thirty=30 forty=40 fourty=40 fifty=50 sixty=60
        seventy=70 eighty=80 ninety=90 hundred=*100 thousand=*1000 million=*1000000
        billion=*1000000000 trillion=*1000000000000 and=
    """,
    "de": """
        null=0 ein=1 eins=1 eine=1 einen=1 zwei=2 zwo=2 drei=3 vier=4 fünf=5 sechs=6
        sieben=7 acht=8 neun=9 zehn=10 elf=11 zwölf=12 dreizehn=13 vierzehn=14
        fünfzehn=15 sechzehn=16 siebzehn=17 achtzehn=18 neunzehn=19 zwanzig=20
        dreißig=30 dreissig=30 vierzig=40 fünfzig=50 sechzig=60 siebzig=70 achtzig=80
        neunzig=90 hundert=*100 tausend=*1000 million=*1000000 millionen=*1000000
        milliarde=*1000000000 milliarden=*1000000000 und=
    """,
    "fr": """
        zéro=0 un=1 une=1 deux=2 trois=3 quatre=4 cinq=5 six=6 sept=7 huit=8 neuf=9
        dix=10 onze=11 douze=12 treize=13 quatorze=14 quinze=15 seize=16 vingt=*20
        vingts=*20 trente=30 quarante=40 cinquante=50 soixante=60 septante=70
        huitante=80 octante=80 nonante=90 cent=*100 cents=*100 mille=*1000 mil=*1000
        million=*1000000 millions=*1000000 milliard=*1000000000 milliards=*1000000000 et=
    """,
    "es": """
        cero=0 uno=1 un=1 una=1 dos=2 tres=3 cuatro=4 cinco=5 seis=6 siete=7 ocho=8
        nueve=9 diez=10 once=11 doce=12 trece=13 catorce=14 quince=15 dieciséis=16
        dieciseis=16 diecisiete=17 dieciocho=18 diecinueve=19 veinte=20 veinti=20
        veintiuno=21 veintiún=21 veintidós=22 veintitrés=23 veintiséis=26 treinta=30
        cuarenta=40 cincuenta=50 sesenta=60 setenta=70 ochenta=80 noventa=90 cien=100
        ciento=100 doscientos=200 doscientas=200 trescientos=300 trescientas=300
        cuatrocientos=400 cuatrocientas=400 quinientos=500 quinientas=500
        seiscientos=600 seiscientas=600 setecientos=700 setecientas=700
        ochocientos=800 ochocientas=800 novecientos=900 novecientas=900 mil=*1000
        millón=*1000000 millones=*1000000 y=
    """,
    "it": """
        zero=0 uno=1 un=1 una=1 due=2 tre=3 tré=3 quattro=4 cinque=5 sei=6 sette=7
        otto=8 nove=9 dieci=10 undici=11 dodici=12 tredici=13 quattordici=14
        quindici=15 sedici=16 diciassette=17 diciotto=18 diciannove=19 venti=20 vent=20
        trenta=30 trent=30 quaranta=40 quarant=40 cinquanta=50 cinquant=50 sessanta=60
        sessant=60 settanta=70 settant=70 ottanta=80 ottant=80 novanta=90 novant=90
        cento=*100 cent=*100 mille=*1000 mila=*1000 milione=*1000000 milioni=*1000000
        miliardo=*1000000000 miliardi=*1000000000 e=
    """,
    "pt": """
        zero=0 um=1 uma=1 dois=2 duas=2 três=3 tres=3 quatro=4 cinco=5 seis=6 sete=7
        oito=8 nove=9 dez=10 onze=11 doze=12 treze=13 catorze=14 quatorze=14 quinze=15
        dezesseis=16 dezasseis=16 dezessete=17 dezassete=17 dezoito=18 dezenove=19
        dezanove=19 vinte=20 trinta=30 quarenta=40 cinquenta=50 sessenta=60 setenta=70
        oitenta=80 noventa=90 cem=100 cento=100 duzentos=200 duzentas=200
        trezentos=300 trezentas=300 quatrocentos=400 quatrocentas=400 quinhentos=500
        quinhentas=500 seiscentos=600 seiscentas=600 setecentos=700 setecentas=700
        oitocentos=800 oitocentas=800 novecentos=900 novecentas=900 mil=*1000
        milhão=*1000000 milhões=*1000000 milhao=*1000000 milhoes=*1000000 e=
    """,
    "nl": """
        nul=0 een=1 één=1 eén=1 twee=2 drie=3 vier=4 vijf=5 zes=6 zeven=7 acht=8 negen=9
        tien=10 elf=11 twaalf=12 dertien=13 veertien=14 vijftien=15 zestien=16
        zeventien=17 achttien=18 negentien=19 twintig=20 dertig=30 veertig=40
        vijftig=50 zestig=60 zeventig=70 tachtig=80 negentig=90 honderd=*100
        duizend=*1000 miljoen=*1000000 miljard=*1000000000 en= ën=
    """,
    "da": """
        nul=0 en=1 et=1 to=2 tre=3 fire=4 fem=5 seks=6 syv=7 otte=8 ni=9 ti=10
        elleve=11 tolv=12 tretten=13 fjorten=14 femten=15 seksten=16 sytten=17 atten=18
        nitten=19 tyve=20 tredive=30 fyrre=40 fyrretyve=40 halvtreds=50
        halvtredsindstyve=50 tres=60 treds=60 tresindstyve=60 halvfjerds=70
        halvfjerdsindstyve=70 firs=80 firsindstyve=80 halvfems=90 halvfemsindstyve=90
        hundrede=*100 hundred=*100 tusind=*1000 tusinde=*1000 million=*1000000
        millioner=*1000000 og=
    """,
    "nb": """
        null=0 en=1 ett=1 ei=1 to=2 tre=3 fire=4 fem=5 seks=6 sju=7 syv=7 åtte=8 ni=9
        ti=10 elleve=11 tolv=12 tretten=13 fjorten=14 femten=15 seksten=16 sytten=17
        atten=18 nitten=19 tjue=20 tyve=20 tretti=30 tredve=30 førti=40 femti=50
        seksti=60 sytti=70 åtti=80 nitti=90 hundre=*100 tusen=*1000
        million=*1000000 millioner=*1000000 og=
    """,
    "sv": """
        noll=0 en=1 ett=1 två=2 tre=3 fyra=4 fem=5 sex=6 sju=7 åtta=8 nio=9 tio=10
        elva=11 tolv=12 tretton=13 fjorton=14 femton=15 sexton=16 sjutton=17 arton=18
        nitton=19 tjugo=20 trettio=30 fyrtio=40 förtio=40 femtio=50 sextio=60
        sjuttio=70 åttio=80 nittio=90 hundra=*100 tusen=*1000 miljon=*1000000
        miljoner=*1000000 och=
    """,
    "fi": """
        nolla=0 yksi=1 kaksi=2 kolme=3 neljä=4 viisi=5 kuusi=6 seitsemän=7
        kahdeksan=8 yhdeksän=9 kymmenen=10 toista=+10 kymmentä=*10 sata=*100
        sataa=*100 tuhat=*1000 tuhatta=*1000 miljoona=*1000000 miljoonaa=*1000000 ja=
    """,
    "pl": """
        zero=0 jeden=1 jedna=1 jedno=1 dwa=2 dwie=2 trzy=3 cztery=4 pięć=5 sześć=6
        siedem=7 osiem=8 dziewięć=9 dziesięć=10 jedenaście=11 dwanaście=12
        trzynaście=13 czternaście=14 piętnaście=15 szesnaście=16 siedemnaście=17
        osiemnaście=18 dziewiętnaście=19 dwadzieścia=20 trzydzieści=30
        czterdzieści=40 pięćdziesiąt=50 sześćdziesiąt=60 siedemdziesiąt=70
        osiemdziesiąt=80 dziewięćdziesiąt=90 sto=100 dwieście=200 trzysta=300
        czterysta=400 pięćset=500 sześćset=600 siedemset=700 osiemset=800
        dziewięćset=900 tysiąc=*1000 tysiące=*1000 tysięcy=*1000 milion=*1000000
        miliony=*1000000 milionów=*1000000
    """,
    "ru": """
        ноль=0 нуль=0 один=1 одна=1 одно=1 два=2 две=2 три=3 четыре=4 пять=5 шесть=6
        семь=7 восемь=8 девять=9 десять=10 одиннадцать=11 двенадцать=12
        тринадцать=13 четырнадцать=14 пятнадцать=15 шестнадцать=16 семнадцать=17
        восемнадцать=18 девятнадцать=19 двадцать=20 тридцать=30 сорок=40
        пятьдесят=50 шестьдесят=60 семьдесят=70 восемьдесят=80 девяносто=90 сто=100
        двести=200 триста=300 четыреста=400 пятьсот=500 шестьсот=600 семьсот=700
        восемьсот=800 девятьсот=900 тысяча=*1000 тысячи=*1000 тысяч=*1000
        миллион=*1000000 миллиона=*1000000 миллионов=*1000000
    """,
    "tr": """
        sıfır=0 bir=1 iki=2 üç=3 dört=4 beş=5 altı=6 yedi=7 sekiz=8 dokuz=9 on=10
        yirmi=20 otuz=30 kırk=40 elli=50 altmış=60 yetmiş=70 seksen=80 doksan=90
        yüz=*100 bin=*1000 milyon=*1000000 milyar=*1000000000
    """,
    "id": """
        nol=0 kosong=0 satu=1 dua=2 tiga=3 empat=4 lima=5 enam=6 tujuh=7 delapan=8
        lapan=8 sembilan=9 sepuluh=10 sebelas=11 belas=+10 puluh=*10 seratus=100
        ratus=*100 seribu=1000 ribu=*1000 sejuta=1000000 juta=*1000000
        miliar=*1000000000 bilion=*1000000000
    """,
    "vi": """
        không=0 một=1 mốt=1 hai=2 ba=3 bốn=4 tư=4 năm=5 lăm=5 nhăm=5 sáu=6 bảy=7
        tám=8 chín=9 mười=10 mươi=*10 trăm=*100 nghìn=*1000 ngàn=*1000
        triệu=*1000000 tỷ=*1000000000 tỉ=*1000000000 linh= lẻ=
    """,
    "hu": """
        nulla=0 egy=1 kettő=2 két=2 három=3 négy=4 öt=5 hat=6 hét=7 nyolc=8 kilenc=9
        tíz=10 tizen=10 húsz=20 huszon=20 harminc=30 negyven=40 ötven=50 hatvan=60
        hetven=70 nyolcvan=80 kilencven=90 száz=*100 ezer=*1000 millió=*1000000
    """,
    "ro": """
        zero=0 unu=1 un=1 una=1 o=1 doi=2 două=2 doua=2 trei=3 patru=4 cinci=5 șase=6
        şase=6 sase=6 șapte=7 şapte=7 sapte=7 opt=8 nouă=9 noua=9 zece=10
        unsprezece=11 doisprezece=12 douăsprezece=12 treisprezece=13
        paisprezece=14 cincisprezece=15 șaisprezece=16 şaisprezece=16
        șaptesprezece=17 şaptesprezece=17 optsprezece=18 nouăsprezece=19
        douăzeci=20 treizeci=30 patruzeci=40 cincizeci=50 șaizeci=60 şaizeci=60
        șaptezeci=70 şaptezeci=70 optzeci=80 nouăzeci=90 sută=*100 sute=*100
        mie=*1000 mii=*1000 milion=*1000000 milioane=*1000000 și= şi= de=
    """,
    "ko": """
        영=0 공=0 일=1 이=2 삼=3 사=4 오=5 육=6 륙=6 칠=7 팔=8 구=9 십=*10 백=*100
        천=*1000 만=*10000 억=*100000000
    """,
    "th": """
        ศูนย์=0 หนึ่ง=1 เอ็ด=1 สอง=2 ยี่=2 สาม=3 สี่=4 ห้า=5 หก=6 เจ็ด=7 แปด=8
        เก้า=9 สิบ=*10 ร้อย=*100 พัน=*1000 หมื่น=*10000 แสน=*100000 ล้าน=*1000000
    """,
    "he": """
        אפס=0 אחת=1 אחד=1 שתיים=2 שתים=2 שניים=2 שנים=2 שני=2 שתי=2 שלוש=3 שלש=3
        שלושה=3 שלשה=3 שלושת=3 ארבע=4 ארבעה=4 ארבעת=4 חמש=5 חמישה=5 חמשה=5 חמשת=5
        שש=6 שישה=6 ששה=6 ששת=6 שבע=7 שבעה=7 שבעת=7 שמונה=8 שמונת=8 תשע=9 תשעה=9
        תשעת=9 עשר=10 עשרה=10 עשרת=10 עשרים=20 שלושים=30 שלשים=30 ארבעים=40
        חמישים=50 שישים=60 ששים=60 שבעים=70 שמונים=80 תשעים=90 מאה=*100 מאות=*100
        מאתיים=200 אלף=*1000 אלפים=*1000 אלפיים=2000 מיליון=*1000000
        מיליארד=*1000000000 טריליון=*1000000000000 ו=
    """,
    "ar": """
        صفر=0 واحد=1 واحدة=1 أحد=1 احد=1 إحدى=1 احدى=1 اثنان=2 اثنا=2 اثنين=2 اثني=2
        اثنتان=2 اثنتا=2 اثنتين=2 إثنان=2 ثلاثة=3 ثلاث=3 أربعة=4 اربعة=4 أربع=4 اربع=4
        خمسة=5 خمس=5 ستة=6 ست=6 سبعة=7 سبع=7 ثمانية=8 ثماني=8 ثمان=8 تسعة=9 تسع=9
        عشرة=10 عشر=10 عشرون=20 عشرين=20 ثلاثون=30 ثلاثين=30 أربعون=40 اربعون=40
        أربعين=40 اربعين=40 خمسون=50 خمسين=50 ستون=60 ستين=60 سبعون=70 سبعين=70
        ثمانون=80 ثمانين=80 تسعون=90 تسعين=90 مائة=*100 مئة=*100 مائتان=200
        مئتان=200 مائتا=200 مئتا=200 مائتين=200 مئتين=200 ألف=*1000 الف=*1000
        آلاف=*1000 الاف=*1000 ألفان=2000 الفان=2000 ألفا=2000 ألفين=2000 الفين=2000
        مليون=*1000000 ملايين=*1000000 مليار=*1000000000 مليارات=*1000000000
        بليون=*1000000000 تريليون=*1000000000000 و=
    """,
    "bn": """
        শূন্য=0 এক=1 দুই=2 দু=2 তিন=3 চার=4 পাঁচ=5 ছয়=6 ছয়=6 সাত=7 আট=8 নয়=9 দশ=10
        এগারো=11 এগার=11 বারো=12 বার=12 তেরো=13 তের=13 চৌদ্দ=14 পনেরো=15 পনের=15
        ষোলো=16 ষোল=16 সতেরো=17 সতের=17 আঠারো=18 আঠার=18 উনিশ=19 ঊনিশ=19 বিশ=20
        কুড়ি=20 একুশ=21 বাইশ=22 তেইশ=23 চব্বিশ=24 পঁচিশ=25 ছাব্বিশ=26 সাতাশ=27
        আটাশ=28 ঊনত্রিশ=29 উনত্রিশ=29 ত্রিশ=30 তিরিশ=30 একত্রিশ=31 বত্রিশ=32
        তেত্রিশ=33 চৌত্রিশ=34 পঁয়ত্রিশ=35 পঁইত্রিশ=35 ছত্রিশ=36 সাঁইত্রিশ=37
        সাতত্রিশ=37 আটত্রিশ=38 ঊনচল্লিশ=39 উনচল্লিশ=39 চল্লিশ=40 একচল্লিশ=41
        বিয়াল্লিশ=42 তেতাল্লিশ=43 চুয়াল্লিশ=44 চৌচল্লিশ=44 পঁয়তাল্লিশ=45 ছেচল্লিশ=46
        সাতচল্লিশ=47 আটচল্লিশ=48 ঊনপঞ্চাশ=49 উনপঞ্চাশ=49 পঞ্চাশ=50 একান্ন=51
        বাহান্ন=52 তিপ্পান্ন=53 চুয়ান্ন=54 পঞ্চান্ন=55 ছাপ্পান্ন=56 সাতান্ন=57
        আটান্ন=58 ঊনষাট=59 উনষাট=59 ষাট=60 একষট্টি=61 বাষট্টি=62 তেষট্টি=63
        চৌষট্টি=64 পঁয়ষট্টি=65 ছেষট্টি=66 ছিষট্টি=66 সাতষট্টি=67 আটষট্টি=68
        ঊনসত্তর=69 উনসত্তর=69 সত্তর=70 একাত্তর=71 বাহাত্তর=72 তিয়াত্তর=73
        চুয়াত্তর=74 পঁচাত্তর=75 ছিয়াত্তর=76 সাতাত্তর=77 আটাত্তর=78 ঊনআশি=79 উনআশি=79
        আশি=80 একাশি=81 বিরাশি=82 তিরাশি=83 চুরাশি=84 পঁচাশি=85 ছিয়াশি=86 সাতাশি=87
        অষ্টাশি=88 আটাশি=88 ঊননব্বই=89 উননব্বই=89 নব্বই=90 একানব্বই=91 বিরানব্বই=92
        তিরানব্বই=93 চুরানব্বই=94 পঁচানব্বই=95 ছিয়ানব্বই=96 সাতানব্বই=97
        আটানব্বই=98 নিরানব্বই=99 শত=*100 শো=*100 হাজার=*1000 লক্ষ=*100000
        লাখ=*100000 কোটি=*10000000 মিলিয়ন=*1000000 বিলিয়ন=*1000000000
        ট্রিলিয়ন=*1000000000000
    """,
    "te": """
        సున్నా=0 సున్న=0 ఒకటి=1 ఒక=1 రెండు=2 మూడు=3 నాలుగు=4 ఐదు=5 అయిదు=5 ఆరు=6
        ఏడు=7 ఎనిమిది=8 తొమ్మిది=9 పది=10 పదకొండు=11 పన్నెండు=12 పదమూడు=13
        పద్నాలుగు=14 పధ్నాలుగు=14 పదిహేను=15 పదునయిదు=15 పదహారు=16 పదిహేడు=17
        పద్దెనిమిది=18 పధ్ధెనిమిది=18 పందొమ్మిది=19 ఇరవై=20 ముప్పై=30 ముప్ఫై=30
        నలభై=40 యాభై=50 అరవై=60 డెబ్బై=70 ఎనభై=80 తొంభై=90 వంద=*100 వందల=*100
        వందలు=*100 నూరు=*100 వెయ్యి=*1000 వేయి=*1000 వేల=*1000 వేలు=*1000 వేయిల=*1000
        లక్ష=*100000 లక్షల=*100000 కోటి=*10000000 కోట్ల=*10000000 మిలియన్=*1000000
        మిలియన్లు=*1000000 బిలియన్=*1000000000 బిలియన్లు=*1000000000
        ట్రిలియన్=*1000000000000 ట్రిలియన్లు=*1000000000000
    """,
}
# fmt: on

#: languages whose words are written without spaces between them: a number is
#: any run of entries, not a whole word of the text
UNSPACED = frozenset({"th"})
