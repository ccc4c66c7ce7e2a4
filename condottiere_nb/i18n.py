"""Card and term names in English, Vietnamese, Spanish, Chinese and Persian.

Each rulebook's own names where it spells them out (vi, es, zh; the Persian tutorial names its
own cards), otherwise the usual name of that language's edition.  Two Persian names are ours, in
plain Persian: the Courtesan (بانوی درباری, "court lady") and the Surrender (تسلیم); the names
Shirzan and Parchamdar seen in Iranian course projects belong to other cards of a variant (a Spy
and a Turncoat), so they are not used.  Every name here is also accepted
as input by :func:`condottiere_nb.cards.parse_kind`.
"""
LANGUAGES = {"en": "English", "vi": "Tiếng Việt", "es": "Español", "zh": "中文", "fa": "فارسی"}


# kind -> language -> display name.  Mercenaries are shown by their value with the
# language's word for "Mercenary" in the tooltip (see MERCENARY).
NAMES = {
    "winter": {"en": "Winter", "vi": "Mùa Đông", "es": "Invierno", "zh": "寒冬", "fa": "زمستان"},
    "spring": {"en": "Spring", "vi": "Mùa Xuân", "es": "Primavera", "zh": "暖春", "fa": "بهار"},
    "bishop": {"en": "Bishop", "vi": "Giám Mục", "es": "Obispo", "zh": "教士", "fa": "ریش‌سفید"},
    "courtesan": {"en": "Courtesan", "vi": "Giai Nhân", "es": "Cortesana", "zh": "交際之花", "fa": "بانوی درباری"},
    "drummer": {"en": "Drummer", "vi": "Người Đánh Trống", "es": "Tambor", "zh": "鼓手", "fa": "طبل‌زن"},
    "heroine": {"en": "Heroine", "vi": "Nữ Anh Hùng", "es": "Heroína", "zh": "女英雄", "fa": "شاهدخت"},
    "scarecrow": {"en": "Scarecrow", "vi": "Bù Nhìn", "es": "Espantapájaros", "zh": "稻草人", "fa": "مترسک"},
    "surrender": {"en": "Surrender", "vi": "Đầu Hàng", "es": "Rendición", "zh": "投降", "fa": "تسلیم"},
    # The Persian tutorial's own specials (fa-tutorial.txt, section 5).
    "banner": {"en": "Banner", "vi": "Cờ Hiệu", "es": "Estandarte", "zh": "軍旗", "fa": "درفش"},
    "maiden": {"en": "Maiden", "vi": "Thiếu Nữ", "es": "Doncella", "zh": "少女", "fa": "دوشیزه"},
    "weapon": {"en": "Weapon", "vi": "Vũ Khí", "es": "Arma", "zh": "兵器", "fa": "جنگ‌افزار"},
}

# Extra input-only aliases: other spellings a reader of each rulebook may type.
ALIASES = {
    "drummer": ["戰鼓", "战鼓", "鼓手", "Tabl-zan", "Tablzan"],
    "scarecrow": ["Matarsak"],
    "heroine": ["Shahdokht", "Heroina"],
    "spring": ["Bahar", "春天"],
    "winter": ["Zemestan", "冬天"],
    "courtesan": ["交际之花", "Banuye darbari"],
    "bishop": ["Rish-sefid", "Rishsefid"],
    "surrender": ["Rendicion", "Taslim"],
    "weapon": ["جنگافزار", "Jangafzar"],
    "banner": ["Dorafsh", "Derafsh"],
    "maiden": ["Dushizeh", "Doushizeh"],
}

#: language -> the card kinds whose name is feminine, where a sentence puts an article before a card
#: (Spanish: "la Primavera de Ana", "el 6 de Cy").  "Arma" (the Weapon) is feminine but takes "el" in the
#: singular, as every noun starting with a stressed a does ("el arma"), so it is not listed.
FEMININE = {"es": frozenset({"spring", "courtesan", "heroine", "surrender", "maiden"})}

MERCENARY = {"en": "Mercenary", "vi": "Quân Lính", "es": "Mercenario", "zh": "傭兵", "fa": "سرباز"}
MERCENARY_ALIASES = ["merc", "mercenary", "mercenaries", "soldier", "quan linh", "mercenario",
                     "傭兵", "佣兵", "سرباز"]

TERMS = {
    "condottiere_token": {"en": "Condottiere token", "vi": "Token Xung Đột", "es": "ficha de Condottiere",
                          "zh": "傭兵隊長標記", "fa": "مهره کندوتیره"},
    "favor": {"en": "Pope's Favor", "vi": "Token Ân Huệ", "es": "Favor del Papa", "zh": "教皇恩寵",
              "fa": "لطف پاپ"},
    "control_marker": {"en": "control marker", "vi": "Token Chinh Phục", "es": "marcador de control",
                       "zh": "顏色方塊", "fa": "مهره قلعه"},
    "pass": {"en": "pass", "vi": "Bỏ qua", "es": "pasar", "zh": "放棄", "fa": "پاس"},
}


def card_name(kind: str, lang: str = "en") -> str:
    """The display name of a card kind in a language ("5" stays "5").  ``lang`` is one of
    :data:`LANGUAGES`: a language a learner chose is checked first, by
    :func:`condottiere_nb.language.check_language`."""
    names = NAMES.get(kind)
    return names[lang] if names else kind
