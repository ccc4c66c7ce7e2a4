"""Cards: the 110-card deck of docs/rules.md and reading card names in every language.

Rule ids: deck.standard (the counts), cards.names (each kind's names, in the card registry KINDS).
"""
from collections import Counter

import pytest

from condottiere_nb import STANDARD_DECK, Card, UnknownCard, parse_kind
from condottiere_nb.cards import KINDS, STANDARD_COUNTS, kind_name, make_deck
from condottiere_nb.errors import Kind, Lower, english
from condottiere_nb.i18n import LANGUAGES, card_name
from condottiere_nb.language import check_language
from condottiere_nb.errors import RulesError

SPECIALS = ["winter", "spring", "bishop", "courtesan", "drummer", "heroine", "scarecrow", "surrender"]


# -- deck.standard -----------------------------------------------------------------------

def test_deck_standard_has_110_cards_58_mercenaries_52_specials():
    assert len(STANDARD_DECK) == 110
    assert sum(c.mercenary for c in STANDARD_DECK) == 58
    assert sum(not c.mercenary for c in STANDARD_DECK) == 52


def test_deck_standard_counts_per_kind():
    # docs/rules.md: Mercenaries 1 x10 and 2, 3, 4, 5, 6, 10 x8 each; Winter 3, Spring 3,
    # Bishop 6, Courtesan 12, Drummer 6, Heroine 3, Scarecrow 16, Surrender 3.
    expected = {"1": 10, "2": 8, "3": 8, "4": 8, "5": 8, "6": 8, "10": 8,
                "winter": 3, "spring": 3, "bishop": 6, "courtesan": 12, "drummer": 6,
                "heroine": 3, "scarecrow": 16, "surrender": 3}
    assert Counter(c.kind for c in STANDARD_DECK) == expected
    assert dict(STANDARD_COUNTS) == expected


def test_deck_standard_ids_are_unique_and_index_the_deck():
    assert [c.id for c in STANDARD_DECK] == list(range(110))
    assert len(set(STANDARD_DECK)) == 110


def test_two_cards_of_one_kind_are_different_cards():
    fives = [c for c in STANDARD_DECK if c.kind == "5"]
    assert len(fives) == 8
    assert fives[0] != fives[1]
    assert fives[0].tag != fives[1].tag
    assert fives[0].tag == f"5#{fives[0].id}"


@pytest.mark.parametrize("kind,family,value", [
    ("winter", "season", 0), ("spring", "season", 0),
    ("courtesan", "character", 1), ("heroine", "character", 10), ("drummer", "character", 0),
    ("bishop", "tactic", 0), ("scarecrow", "tactic", 0), ("surrender", "tactic", 0),
])
def test_deck_standard_special_families_and_printed_strengths(kind, family, value):
    cards = [c for c in STANDARD_DECK if c.kind == kind]
    assert cards and all(c.family == family and c.value == value and not c.mercenary for c in cards)


def test_heroine_and_courtesan_are_not_mercenaries():
    # docs/rules.md: "Heroine (10) and Courtesan (1) are not Mercenaries".
    assert not any(c.mercenary for c in STANDARD_DECK if c.kind in ("heroine", "courtesan"))


def test_mercenaries_carry_their_value_and_family():
    for c in STANDARD_DECK:
        if c.kind.isdigit():
            assert c.mercenary and c.value == int(c.kind) and c.family == "mercenary"
    assert sorted({c.value for c in STANDARD_DECK if c.mercenary}) == [1, 2, 3, 4, 5, 6, 10]   # es: Componentes


def test_a_registry_entry_copies_and_pickles_as_itself():
    import copy
    import pickle
    spec = KINDS["winter"]
    assert pickle.loads(pickle.dumps(spec)) is spec and copy.deepcopy(spec) is spec and copy.copy(spec) is spec


def test_cards_are_immutable_and_picklable():
    import pickle
    c = STANDARD_DECK[50]
    with pytest.raises(AttributeError):
        c.value = 99
    assert pickle.loads(pickle.dumps(c)) == c


def test_make_deck_numbers_from_zero_in_the_order_given():
    deck = make_deck({"10": 2, "winter": 1})
    assert [(c.id, c.kind) for c in deck] == [(0, "10"), (1, "10"), (2, "winter")]


def test_card_names_and_repr():
    winter = next(c for c in STANDARD_DECK if c.kind == "winter")
    assert winter.name == "Winter" and str(winter) == "Winter"
    assert repr(winter) == f"Card('winter', id={winter.id})"
    assert kind_name("10") == "10" and kind_name("scarecrow") == "Scarecrow"


def test_unknown_kind_cannot_make_a_card():
    with pytest.raises(ValueError, match="unknown card kind"):
        Card(0, "dragon")


# -- cards.names: the names table of the translations -------------------------------------------------------

SECTION_6 = {
    # English: (vi, es, zh names, fa Rakab)
    "winter": ("Mùa Đông", "Invierno", ["寒冬"], "زمستان"),
    "spring": ("Mùa Xuân", "Primavera", ["暖春"], "بهار"),
    "bishop": ("Giám Mục", "Obispo", ["教士"], "ریش‌سفید"),
    "courtesan": ("Giai Nhân", "Cortesana", ["交際之花"], "بانوی درباری"),
    "drummer": ("Người Đánh Trống", "Tambor", ["鼓手", "戰鼓"], "طبل‌زن"),
    "heroine": ("Nữ Anh Hùng", "Heroína", ["女英雄"], "شاهدخت"),
    "scarecrow": ("Bù Nhìn", "Espantapájaros", ["稻草人"], "مترسک"),
    "surrender": ("Đầu Hàng", "Rendición", ["投降"], "تسلیم"),
}
TABLE_NAMES = [(kind, name) for kind, (vi, es, zh, fa) in SECTION_6.items()
               for name in [kind, kind.capitalize(), vi, es, *zh, fa]]


@pytest.mark.parametrize("kind,name", TABLE_NAMES)
def test_cards_names_section_6_table(kind, name):
    assert parse_kind(name) == kind


@pytest.mark.parametrize("kind,name", TABLE_NAMES)
def test_cards_names_ignore_case_and_accents(kind, name):
    import unicodedata
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    plain = plain.replace("Đ", "D").replace("đ", "d")
    for variant in (name.upper(), name.lower(), plain, plain.lower(), f"  {name}  "):
        assert parse_kind(variant) == kind, variant


@pytest.mark.parametrize("kind,name", [
    ("drummer", "Tabl-zan"), ("scarecrow", "Matarsak"), ("heroine", "Shahdokht"), ("spring", "Bahar"),
    ("winter", "Zemestan"), ("courtesan", "Banuye darbari"), ("bishop", "Rish-sefid"), ("surrender", "Taslim"),
    ("bishop", "ریش سفید"),            # a space typed instead of the zero-width non-joiner
    ("bishop", "ريش‌سفيد"),            # Arabic yeh instead of Persian yeh
    ("courtesan", "交际之花"),          # simplified Chinese
    ("drummer", "战鼓"),
])
def test_cards_names_transliterations_and_variant_spellings(kind, name):
    assert parse_kind(name) == kind


@pytest.mark.parametrize("name", ["5", "Mercenary 5", "mercenary5", "Quân Lính 5", "quan linh 5", "Mercenario 5",
                                  "傭兵 5", "佣兵5", "سرباز 5", "سرباز ۵", "۵", "٥", " 5 ", 5])
def test_cards_names_mercenaries_by_value_in_every_language(name):
    assert parse_kind(name) == "5"


def test_cards_names_ten_in_persian_digits():
    assert parse_kind("۱۰") == "10"


def test_card_name_displays_every_language():
    for kind, (vi, es, zh, fa) in SECTION_6.items():
        assert card_name(kind, "vi") == vi
        assert card_name(kind, "es") == es
        assert card_name(kind, "zh") == zh[0]
        assert card_name(kind, "fa") == fa
        assert card_name(kind, "en") == kind.capitalize()
    assert card_name("5", "zh") == "5"
    assert set(LANGUAGES) == {"en", "vi", "es", "zh", "fa"}
    with pytest.raises(RulesError, match="unknown language 'xx'"):
        check_language("xx")


NAMED = {kind: spec.names for kind, spec in KINDS.items() if spec.names}


def test_every_display_name_reads_back_as_its_kind():
    for kind, names in NAMED.items():
        for lang, name in names.items():
            assert parse_kind(name, list(KINDS)) == kind, (lang, name)
        for alias in KINDS[kind].aliases:
            assert parse_kind(alias, list(KINDS)) == kind, alias


def test_every_card_has_its_own_name_in_every_language():
    assert set(NAMED) == {k for k in KINDS if not k.isdigit()}
    for kind, names in NAMED.items():
        assert set(names) == set(LANGUAGES), kind
        for lang in ("vi", "es", "zh", "fa"):
            assert names[lang] != names["en"], (kind, lang)     # no English left in another language
    assert all(spec.names is None and spec.name("zh") == k for k, spec in KINDS.items() if k.isdigit())


def test_a_special_cards_kind_is_its_lower_case_english_name():
    # errors.english() names a card from its kind alone (errors.py cannot import the registry)
    for kind, names in NAMED.items():
        assert names["en"] == kind.capitalize() == english(Kind(kind)) and english(Lower(kind)) == kind


def test_the_persian_names_of_the_courtesan_and_the_surrender_are_not_a_variants_spy_and_turncoat():
    assert NAMED["courtesan"]["fa"] != "شیرزن" and NAMED["surrender"]["fa"] == "تسلیم"


def test_parse_kind_accepts_a_card():
    c = STANDARD_DECK[100]
    assert parse_kind(c) == c.kind


# -- cards.names: errors ------------------------------------------------------------------------

def test_unknown_card_bishup_suggests_bishop():
    with pytest.raises(UnknownCard) as e:
        parse_kind("Bishup")
    msg = str(e.value)
    assert "'Bishup'" in msg and "Did you mean 'bishop'?" in msg


@pytest.mark.parametrize("typo,suggestion", [("Winterr", "winter"), ("sprng", "spring"),
                                             ("courtisan", "courtesan"), ("drumer", "drummer"),
                                             ("scarecrw", "scarecrow"), ("heroin", "heroine")])
def test_unknown_card_suggests_the_closest_name(typo, suggestion):
    with pytest.raises(UnknownCard, match=f"Did you mean .*'{suggestion}'"):
        parse_kind(typo)


@pytest.mark.parametrize("value", ["7", "0", "-1", "11", "mercenary 7", 8])
def test_not_a_mercenary_value_lists_the_real_values(value):
    with pytest.raises(UnknownCard) as e:
        parse_kind(value)
    msg = str(e.value)
    assert "no Mercenary of value" in msg
    assert "1, 2, 3, 4, 5, 6, 10" in msg


def test_unknown_card_is_a_rules_error_and_a_value_error():
    from condottiere_nb import RulesError
    with pytest.raises(RulesError):
        parse_kind("dragon")
    with pytest.raises(ValueError):
        parse_kind("dragon")


def test_unknown_card_without_a_close_name_lists_every_card():
    with pytest.raises(UnknownCard) as e:
        parse_kind("dragon")
    msg = str(e.value)
    assert "Did you mean" not in msg
    for kind in SPECIALS:
        assert kind in msg


@pytest.mark.parametrize("bad", [None, 5.0, True, ["5"], b"5"])
def test_a_card_must_be_named_by_a_string(bad):
    with pytest.raises(UnknownCard, match="named by a string"):
        parse_kind(bad)


@pytest.mark.parametrize("bad", ["", "   "])
def test_an_empty_card_name_says_it_is_empty(bad):
    with pytest.raises(UnknownCard, match="empty"):
        parse_kind(bad)


@pytest.mark.parametrize("word", ["Mercenary", "Quân Lính", "傭兵", "سرباز"])
def test_a_mercenary_without_a_value_asks_for_one(word):
    with pytest.raises(UnknownCard, match="needs a value.*1, 2, 3, 4, 5, 6, 10"):
        parse_kind(word)


def test_a_card_of_another_deck_says_so():
    # The Persian tutorial's Banner is a known name but not a card of the standard deck.
    with pytest.raises(UnknownCard, match="not a card of this deck"):
        parse_kind("banner")
    assert parse_kind("banner", list(KINDS)) == "banner"


def test_exact_card_reads_a_tag_or_a_card_and_leaves_plain_names_alone():
    from condottiere_nb.cards import STANDARD_COUNTS
    from condottiere_nb.notation import exact_card
    from condottiere_nb.errors import IllegalMove
    deck, kinds = STANDARD_DECK, tuple(STANDARD_COUNTS)
    five = next(c for c in deck if c.kind == "5")
    assert exact_card(f"5#{five.id}", deck, kinds) is five
    assert exact_card(five, deck, kinds) is five
    assert exact_card("5", deck, kinds) is None
    with pytest.raises(UnknownCard, match="card #0 is not a 5"):
        exact_card("5#0", deck, kinds)
    with pytest.raises(IllegalMove, match="not a card of the standard deck"):
        exact_card(Card(999, "5"), deck, kinds, "standard", IllegalMove)


# -- one strict number reader (issue 31): a value is the whole token, digits only ---------------------

NOT_NUMBERS = ["1.0", "0.5", "1 0", "1-0", "+5", " 5x", "٥.٠", "-1", "5.", "1e1", "mercenary 1.0", "Quân Lính +5",
               "merc-5", "1۰"]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_a_value_that_is_not_digits_only_is_refused_naming_the_problem_and_the_values(text):
    with pytest.raises(UnknownCard) as e:
        parse_kind(text)
    msg = str(e.value)
    assert "no Mercenary of value" in msg and "digits only" in msg and "1, 2, 3, 4, 5, 6, 10" in msg
    assert e.value.message_id.startswith("there is no Mercenary of value {typed}: a value is written with digits")


@pytest.mark.parametrize("text,kind", [("10", "10"), ("۱۰", "10"), ("١٠", "10"), ("１０", "10"), ("05", "5"),
                                       ("mercenary ５", "5"), ("傭兵 10", "10")])
def test_digits_of_the_scripts_our_languages_write_are_read(text, kind):
    assert parse_kind(text) == kind


@pytest.mark.parametrize("tag", ["5#4.1", "5#+41", "5#4 1", "5#41x"])
def test_a_card_id_that_is_not_digits_only_names_no_card(tag):
    from condottiere_nb.notation import exact_card, read_card
    with pytest.raises(UnknownCard):
        read_card(tag)
    with pytest.raises(UnknownCard):
        exact_card(tag, STANDARD_DECK, STANDARD_COUNTS)
