"""The options of a Ruleset: each one's default, its doc (the sentence of a rulebook it reads, and
every other reading as another value), its source and the values it allows.

:class:`Options` holds them as the fields of a frozen dataclass; :class:`~condottiere_nb.rulesets.Ruleset`
adds the checks, the derived facts and the named rulesets.  Where a rulebook is vague, the option's doc
states the reading we chose ("our reading") and names the other readings as other values, so a user
can flip it and see the outcome change (the concordance notebook does; RULESETS.md lists them all).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import board
from .cards import STANDARD_COUNTS
from .errors import Sentence, excerpt

#: Limits of the options (each option's allowed values name them; RULESETS.md explains them).
MAX_HAND = 30           # cards in a hand by a deal: the rulebooks deal 7 to 18
MAX_PER_REGION = 3      # extra cards per region: the rulebooks give 0 or 1
MAX_KEEP = 3            # cards kept at a round's end: the rulebooks say 2
MAX_TARGET = 1000       # points of a Scoring match: the text says 20 or 30
MAX_NAME = 120          # characters of a ruleset's name
MAX_SUMMARY = 1000      # characters of its summary


#: ``value`` as an error message shows it (:func:`~condottiere_nb.errors.excerpt`), the name the
#: refusals of the package use.
shown = excerpt


def shown_value(value, limit: int = 60):
    """``value`` as a value of an error's message: :func:`shown` (Python's own writing, the same in
    every language), or, for a huge integer, a sentence naming its size in each language."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        digits = round(value.bit_length() * 0.30103, -1)
        return Sentence.say("an integer of about {digits} digits", digits=int(digits))
    return shown(value, limit)


def option(default, doc: str, source: str = "standard", choices: tuple = (), *, kind: str = "",
           low: int | None = None, high: int | None = None, why: str = ""):
    """A ruleset option: its default, doc, source, and the schema of its values: ``kind``, one of
    "bool", "int", "choice", "name", "text", "deck", "hand_sizes", "kinds" or "ruleset" (guessed from the
    default if not given; :func:`~condottiere_nb.rulesets.allowed_sentence` words each), ``choices``,
    ``low`` and ``high`` (of a number or a text's length), ``why`` (the reason for the limits, a sentence of the catalogues)."""
    kind = kind or ("choice" if choices else "bool" if isinstance(default, bool) else "int")
    if kind in ("int", "name", "text") and (low is None or high is None):
        raise TypeError(f"option(): a {kind} option needs its limits, low= and high=")   # for the maintainer
    return field(default=default, metadata={"doc": doc, "source": source, "choices": choices, "kind": kind,
                                            "min": low, "max": high, "why": why})


@dataclass(frozen=True)
class Options:
    """Every option of a Ruleset, with its schema (see :func:`option`).  A Ruleset is made of them."""

    name: str = option("standard", "The ruleset's name, as listed in RULESETS.", kind="name",
                       low=1, high=MAX_NAME)
    summary: str = option("The Fantasy Flight 2006 rules (docs/rules.md).",
                          "One line on what this ruleset is.", kind="text", low=0, high=MAX_SUMMARY)
    deck: tuple = option(tuple(STANDARD_COUNTS.items()),
                         "The deck as (kind, count) pairs; the standard deck has 110 cards. "
                         "A name from DECKS is accepted too and stored as pairs: 'fa-tutorial' is "
                         "our reading of the Persian tutorial's 'about 40 soldiers valued 1 to 10 "
                         "and about 15 specials: Banner, Maiden, Weapon' - four soldiers of each "
                         "value 1-10 and five of each special (55 cards); "
                         "'fa-tutorial-few-banners' is the other reading: 3 Banners, 6 Maidens, "
                         "6 Weapons.",
                         "vi: Chồng bài rút; es: Componentes; fa: مقدمه (کارت‌های سرباز و ویژه)",
                         kind="deck")
    hidden_cards: bool = option(
        False,
        "Cards may be played face down. Announced strengths count face-up cards only; "
        "Scarecrow cannot take back a face-down card; Bishop sees only face-up Mercenaries; "
        "everything is revealed at the end.",
        "vi: Luật mở rộng, Ẩn Bài")
    face_down_specials: str = option(
        "reveal",
        "What a special card played face down does. The Vietnamese Hidden Cards text lets any "
        "card be played face down but only says how face-down Mercenaries behave. "
        "'reveal' (our reading): a face-down special acts only when revealed at the end, in "
        "play order - a revealed Winter or Spring discards the other season then; Drummer, "
        "Heroine and Courtesan count; a face-down Bishop, Scarecrow or Surrender does nothing "
        "(a bluff) and is discarded. 'on_play': the special acts at once as if face up, only "
        "its identity stays hidden. 'mercenaries_only': only Mercenaries may be played face down.",
        "vi: Luật mở rộng, Ẩn Bài",
        ("reveal", "on_play", "mercenaries_only"))
    courtesan_token: bool = option(
        True,
        "The player with the most Courtesans (alone) takes the Condottiere token instead of "
        "the winner.",
        "vi: Trường hợp ngoại lệ (Giai Nhân); es: 1. Compare la fuerza")
    courtesan_in_tie: str = option(
        "majority",
        "Who takes the token after a tied battle in which one player has the most Courtesans. The vi "
        "and es texts give the Courtesan exception (the most Courtesans take the token instead of the "
        "winner), then the tie (nobody conquers, and the token passes to the player on the left of its "
        "last holder); whether the exception still applies when nobody won is not said. 'majority' (our "
        "reading): the one player with the most Courtesans takes the token, tie or not. 'left': a tied "
        "battle passes the token left whatever the Courtesans (an Invasion defender still keeps it).",
        "vi: Trường hợp ngoại lệ (Giai Nhân); es: 1. Compare la fuerza",
        ("majority", "left"))
    spring_highest: str = option(
        "printed",
        "Which Mercenary Spring raises. The Vietnamese text says that when a battle ends with a "
        "Spring in play, one looks at every player's Mercenaries and whoever has the one of the "
        "highest strength gets 3 more (tied ones all get it); it does not say whether a Drummer's "
        "doubling counts in that comparison. 'printed' (our reading, the default, since the text "
        "calls the number printed on a Mercenary its strength; the text itself leaves it open): every Mercenary whose printed value is the highest printed value in "
        "play, in all lines, gets +3 after doubling (a drummed 5 beside a 6: the 6 gets +3, the 5 "
        "counts 10). 'effective': the comparison uses each Mercenary's strength just before "
        "Spring, after Winter and the Drummer (the drummed 5, worth 10, beats the 6 and counts "
        "13); every Mercenary tied at that strength gets +3.",
        "vi: Các lá bài Đặc Biệt, 2 - Spring (3 lá)",
        ("printed", "effective"))

    bishop_highest: str = option(
        "printed",
        "Which Mercenaries a Bishop discards. The vi text: every Mercenary of the highest strength "
        "(sức mạnh cao nhất) in play is discarded, ties included; like Spring's, it does not say "
        "whether that is the printed value or the strength the card has now. 'printed' (our reading, "
        "the default, since the text calls the number printed on a Mercenary its strength; the text itself "
        "leaves it open): every face-up Mercenary of the highest printed value. "
        "'effective': every face-up Mercenary of the highest strength it has now, after Winter, the "
        "Drummer and Spring (under Winter every Mercenary counts 1, so every face-up Mercenary goes; "
        "a drummed 5, worth 10, goes instead of a plain 6).",
        "vi: Các lá bài Đặc Biệt, 3 - Bishop (Giám Mục)",
        ("printed", "effective"))
    scarecrow_empty: bool = option(
        True,
        "Whether a Scarecrow may take nothing back. The vi text: playing a Scarecrow lets its player "
        "take one of their own Mercenaries back from the line to the hand; it does not say whether it "
        "may be played with nothing taken. True (our reading): it may take nothing back (a way to play "
        "a card without changing the line). False: it must take back one of its player's face-up "
        "Mercenaries, and a player with none cannot play it. A face-down Scarecrow (Hidden Cards) does "
        "nothing until revealed, under either reading.",
        "vi: Các lá bài Đặc Biệt, 7 - Scarecrow (Bù Nhìn)")
    # -- game options (condottiere_nb/game.py) ----------------------------------------
    hand_size: int = option(
        10,
        "Each deal fills every hand up to this many cards (plus cards_per_region for each "
        "region the player controls).",
        "vi: Chuẩn Bị 4, Kết thúc vòng chơi; es: Comenzando el juego 3, Fin de una ronda",
        low=1, high=MAX_HAND, why=Sentence.say("at least 1: with empty hands nobody could ever play a card"))
    cards_per_region: int = option(
        1,
        "Extra cards dealt for each region a player controls (es: no cards and Parma, Venezia "
        "and Siena -> 13 cards).",
        "vi: Kết thúc vòng chơi; es: Fin de una ronda", low=0, high=MAX_PER_REGION)
    zh_deal: str = option(
        "fill",
        "What the city-state deal of 11 gives. The zh text (一.7): 每個發的張數為11，不隨領地多少而改變, "
        "'the cards dealt to each are 11, whatever the regions held'. 'fill' (our reading, like the "
        "standard 'up to 10'): every deal fills each hand up to hand_size (11). 'eleven': every deal "
        "gives each player hand_size (11) new cards on top of the cards they kept, so it differs from "
        "'fill' only for the player who kept cards at the end of a round.",
        "zh: 一、基本設置和變體概略 7",
        ("fill", "eleven"))
    keep_cards: int = option(
        2,
        "At the end of a round the only player with cards left keeps up to this many of them; "
        "the rest are discarded.",
        "vi: Kết thúc vòng chơi; es: Fin de una ronda", low=0, high=MAX_KEEP,
        why=Sentence.say("at most {most}: the game lists every choice of cards to keep, and beyond {most} there "
                         "can be millions", most=MAX_KEEP))
    hand_discard: bool = option(
        True,
        "After each battle a player with no Mercenary in hand may discard the whole hand.",
        "vi: 4 – Bỏ bài trên tay; es: 4. Descartar cartas de la mano")
    favor_on_battle_region: bool = option(
        True,
        "Whether the Bishop's player may put the Pope's Favor on the region being fought over. "
        "The texts allow any region without a control marker, and the contested region has none "
        "yet, so True (our reading): it may; if the battle ties, the region is then protected. "
        "False: only another region (or off the map).",
        "vi: Giám Mục; es: Componentes (Favor del Papa)")

    # -- battle options of the variants (issue 4; hooks in condottiere_nb/variants/) -------------
    mercenaries_face_down: bool = option(
        False,
        "Every Mercenary (soldier) is laid face down and turned face up only for the count; "
        "special cards are played face up. The Persian tutorial's turn: lay a soldier card face "
        "down on the region, or play a special card, or withdraw; at the end all soldier cards are "
        "turned over and added up.",
        "fa: بند ۳ (گردش نوبت) و بند ۴ (مبارزه و تعیین برنده)")
    banner_limit: str = option(
        "per_line",
        "How many Banners count. The Persian exact rules say Banners double the total but only one "
        "Banner can be active: if several are played only one counts. 'per_line' (our reading): "
        "like the real game's Drummer, which the tutorial paraphrases, a Banner doubles its own "
        "line's soldiers and a second Banner in the same line adds nothing. 'one_per_battle': "
        "only the first Banner played in the battle counts; a later one, in any line, is set aside.",
        "fa: قوانین دقیق (درفش)",
        ("per_line", "one_per_battle"))
    maiden_targets: str = option(
        "any",
        "Whose soldier a Maiden removes. The Persian text: the Maiden removes one soldier card from "
        "the region before the final count. We read it as on play (section 5: a special's rule is "
        "announced when it is played), the player naming the card, face-down soldiers included. "
        "'any' (our reading): the region holds every line, so any player's soldier, your own too. "
        "'opponents': only another player's soldier.",
        "fa: بند ۵ (دوشیزه) و قوانین دقیق",
        ("any", "opponents"))
    bishop_targets: str = option(
        "highest",
        "What a Bishop discards. 'highest' (standard): every face-up Mercenary of the highest "
        "printed value. The Chinese variant's final battle: the Bishop can discard every "
        "Drummer, in the order 1. Drummers 2. Mercenaries 10, 6, 5, 4, 3, 2, 1. "
        "'drummers_first' (our reading of that order): if any Drummer is in play the Bishop "
        "discards all the Drummers and no Mercenary; otherwise the highest Mercenaries as usual. "
        "'drummers_and_highest': every Drummer and also the highest Mercenaries.",
        "zh: 三、遊戲結束變體與最後決戰變體",
        ("highest", "drummers_first", "drummers_and_highest"))
    firenze_takes: str = option(
        "one",
        "What Firenze's Ball takes back. The Chinese text: on his turn, instead of playing "
        "normally, he may use any card to take back Courtesans, and he may take them back from "
        "every player. 'one' (our reading): each use takes one face-up Courtesan from any line, "
        "his own included, into Firenze's hand (he may use it every turn of that battle). "
        "'one_opponent': one Courtesan, from another player's line only. 'all': every face-up "
        "Courtesan in play at once.",
        "zh: 二、各城邦特殊能力 (Firenze 舞會)",
        ("one", "one_opponent", "all"))
    firenze_card: str = option(
        "cost",
        "Where the card Firenze lays face down goes. The text: the card used must be face down, "
        "and no Scarecrow or other card can take it back. 'cost' (our reading): it is the price "
        "of the Ball, an alternative to playing a card, so it counts nothing; it lies face down "
        "with the discards. 'hidden': it stays face down in Firenze's line and is revealed and "
        "counted at the end, like a Hidden Cards card.",
        "zh: 二、各城邦特殊能力 (Firenze 舞會)",
        ("cost", "hidden"))
    venezia_bribe: str = option(
        "briber",
        "Whose card Venezia's bribed Mercenary is. The text: discard a card from hand and add an "
        "enemy's Mercenary of strength 1-5 to your own battle area. It stands in Venezia's line, "
        "so Winter, Spring and a Drummer there (which doubles the Mercenaries of its line) treat "
        "it like any of Venezia's Mercenaries under every reading. 'briber' (our reading): it is "
        "now Venezia's Mercenary, so Venezia's Scarecrow may take it back to Venezia's hand. "
        "'not_returnable': it is still another player's card, so no Scarecrow can take it back.",
        "zh: 二、各城邦特殊能力 (Venezia 收買)",
        ("briber", "not_returnable"))

    venezia_bribe_value: str = option(
        "printed",
        "Which Mercenaries Venezia may bribe. The zh text: an enemy's Mercenary of strength 1 to 5 "
        "(戰力1~5). 'printed' (our reading): its printed value is 1 to 5. 'effective': the strength it "
        "has now is 1 to 5, after Winter, the Drummer and Spring (under Winter a 10 counts 1 and may be "
        "bribed; a drummed 3 counts 6 and may not).",
        "zh: 二、各城邦特殊能力 (Venezia 收買)",
        ("printed", "effective"))
    # -- game options of the variants (issue 4; the Game calls variants/game_rules.py) -----------
    first_hand: int = option(
        0,
        "Cards in each hand at the start of the game; 0: the usual deal (hand_size plus "
        "cards_per_region). Continuous War starts with 7 instead of 10.",
        "vi: Luật mở rộng, Chiến tranh liên tiếp", low=0, high=MAX_HAND)
    hand_sizes: tuple = option(
        (),
        "Hand size by number of players, as (players, cards) pairs, overriding hand_size. The "
        "Persian tutorial deals 10 cards to each of 2-3 players and 8 to each of 4-6.",
        "fa: مقدمه و قوانین دقیق", kind="hand_sizes", high=MAX_HAND)
    drawing: str = option(
        "rounds",
        "When players get new cards. 'rounds' (standard): only when a round ends, up to the hand "
        "limit. 'after_battle' (vi Continuous War): after every battle each player draws 3, never "
        "above 10 plus 1 per region (9 in hand and 1 region: draws 2); if nobody has a card, each "
        "draws 10; an empty draw pile is refilled from the shuffled discards. 'fa_tutorial': after "
        "each region the winner draws as many cards as soldiers they used and every other player "
        "draws 1, from the draw pile, which is never refilled (the game ends when it runs out).",
        "vi: Luật mở rộng, Chiến tranh liên tiếp; fa: بند ۶ و قوانین دقیق",
        ("rounds", "after_battle", "fa_tutorial"))
    first_player: str = option(
        "first_seat",
        "Who takes the Condottiere token first, deals and places it on the first battlefield. vi: "
        "choose the first player (Chuẩn Bị 3); es: the youngest player; zh: the starting player "
        "(起始玩家), not defined; fa: the first region is chosen by agreement. 'first_seat' (our "
        "reading): the first of the players as given (seat the youngest first for the es text). "
        "'drawn': the game's seeded chance draws the first player.",
        "vi: Chuẩn Bị 3; es: Comenzando el juego 3; zh: 一.3; fa: مقدمه",
        ("first_seat", "drawn"))
    fa_draws: str = option(
        "exact",
        "Who draws after a region in the Persian tutorial. Section 6: the players who laid cards in "
        "the region discard them and draw new ones, usually as many as they used; the exact rules: "
        "the winner draws as many as their soldier cards, and the players who lost draw one each. "
        "'exact' (our reading): the exact rules (options fa_winner_draws, fa_losers, fa_tie_draws). "
        "'section_6': every player draws as many cards as they laid in the region (soldiers and "
        "specials), the winner too; a player who laid none draws nothing.",
        "fa: بند ۶ و قوانین دقیق",
        ("exact", "section_6"))
    fa_losers: str = option(
        "everyone",
        "Under the exact rules, who draws one card after a region besides the winner. The text: the "
        "players who lost get one new card. 'everyone' (our reading): every player but the winner, "
        "one who passed without laying a card too. 'played': only the players who laid a card in the "
        "region (section 6 speaks of the players who laid cards there).",
        "fa: بند ۶ و قوانین دقیق",
        ("everyone", "played"))
    fa_tie_draws: str = option(
        "one",
        "Under the exact rules, who draws after a tied region: the text speaks of a winner and of "
        "players who lost, and a tie has neither. 'one' (our reading): nobody won, so everybody draws "
        "one card, as the losers do. 'none': nobody draws after a tie.",
        "fa: بند ۴ و قوانین دقیق",
        ("one", "none"))
    fa_winner_draws: str = option(
        "line",
        "How many cards the Persian tutorial's winner draws. The text: the winner of a region "
        "discards their soldier cards and draws as many new cards as that. 'line' (our reading): "
        "the soldiers in the winner's line at the count. 'played': every soldier they played in "
        "that battle, one a Maiden removed included.",
        "fa: قوانین دقیق",
        ("line", "played"))
    victory_regions: int = option(
        0,
        "Regions to win, with no adjacency win; 0: the standard thresholds (5 in total or 3 "
        "adjacent with 4-6 players, 6 or 4 with 2-3). The Persian tutorial: 5 regions.",
        "fa: بند ۶ و ۷ (پایان بازی)", low=0, high=len(board.REGIONS))
    end_ranking: str = option(
        "regions",
        "Who wins when no region can be chosen any more (or, in the Persian tutorial, the draw "
        "pile runs out). 'regions' (standard): the most regions; a tie is a final battle. "
        "'weights' (zh): the most region weight (Napoli, Milano, Venezia, Genova, Bologna, "
        "Firenze, Roma 3; Ancona, Spoleto, Torino, Modena 2; the rest 1); a tie is a final battle. "
        "'regions_then_weights' (fa): the most regions, then the most region value - our reading "
        "of each region's 'military value' is its weight on our map - then a shared victory.",
        "vi: Chiến Thắng 3; es: Fin del juego; zh: 三、遊戲結束變體; fa: بند ۷ و قوانین دقیق",
        ("regions", "weights", "regions_then_weights"))
    invasion: bool = option(
        False,
        "vi Invasion: the Condottiere token may go on a region another player controls (the Favor's "
        "region: option invasion_favor); its controller is the defender, who may pass and still play "
        "later until their first card; a tie keeps the region with the defender, who takes the token; "
        "the Favor may go on controlled regions.",
        "vi: Luật mở rộng, Xâm Lược")
    invasion_favor: str = option(
        "protects",
        "Whether Invasion's token may go on the Pope's Favor. The vi text: the token may then be placed "
        "on any region of the map (bất kì vùng nào); the Components still say a region with the Favor "
        "cannot be attacked. 'protects' (our reading): any region but the Favor's. 'ignored': any region "
        "at all, the Favor's too.",
        "vi: Luật mở rộng, Xâm Lược; Thành Phần 4",
        ("protects", "ignored"))
    invasion_tie_token: str = option(
        "courtesans",
        "Who takes the Condottiere token after a tied Invasion battle in which one player has the most "
        "Courtesans. The vi Invasion text: if the battle ties, the defender keeps the region and also "
        "takes the token (cũng sẽ nhận được token Xung đột); the Courtesan exception: the player with the "
        "most Courtesans takes the token. 'courtesans' (our reading): the token rule is asked in its "
        "usual order, so the one player with the most Courtesans still takes it (as courtesan_in_tie "
        "says), and otherwise the defender. 'defender': the Invasion sentence wins, the defender takes "
        "it whatever the Courtesans.",
        "vi: Luật mở rộng, Xâm Lược; Trường hợp ngoại lệ (Giai Nhân)",
        ("courtesans", "defender"))
    match_points: int = option(
        0,
        "vi Scoring: a Match of games to this many points (the text: agree on 20 or 30); 0: a "
        "single game. Each game, 1 point per region, and 5 more per region for an adjacency win.",
        "vi: Luật mở rộng, Tính điểm", low=0, high=MAX_TARGET)
    scoring_target: str = option(
        "reach",
        "When a Scoring match ends. The vi text: agree on a score to reach (cần đạt được), then play on "
        "until one or more players pass it (vượt qua). 'reach' (our reading): a player with at least "
        "match_points points ends the match. 'exceed': only more than match_points points do (at "
        "exactly 20 of 20 the match goes on).",
        "vi: Luật mở rộng, Tính điểm",
        ("reach", "exceed"))
    scoring_bonus: str = option(
        "all",
        "Which regions get the adjacency bonus. The text: a player who wins by conquering "
        "adjacent regions gets 5 more points added to each region's points (3 regions: 18). "
        "'all' (our reading): every region that player controls. 'group': only the adjacent "
        "group that won.",
        "vi: Luật mở rộng, Tính điểm",
        ("all", "group"))
    scoring_bonus_win: str = option(
        "adjacent",
        "Which wins earn the Scoring bonus. The vi text gives the 5 points to a player who wins by "
        "conquering 3 adjacent regions, which is a win of 4 to 6 players; with 2 or 3 players an "
        "adjacency win needs 4. 'adjacent' (our reading): every win by adjacent regions (4 of them with "
        "2-3 players). 'three': only a win by 3 adjacent regions, so a game of 2 or 3 players never "
        "earns the bonus.",
        "vi: Luật mở rộng, Tính điểm",
        ("adjacent", "three"))
    city_states: bool = option(
        False,
        "zh city-states: each player chooses a city-state (Firenze, Venezia, Genova, Bologna, "
        "Milano, Roma) and controls it from the start; each may use its ability in one battle "
        "per round (asked in seat order before the first card, one ability per battle, Roma "
        "aside); Roma may cancel another's ability or claim a tied region.",
        "zh: 一、基本設置和變體概略; 二、各城邦特殊能力")
    city_end: str = option(
        "usual_victory",
        "When the city-state game ends. The text scores regions by weight and says the higher "
        "score wins. 'usual_victory' (our reading): the usual victory conditions still end the "
        "game, and the weighted score (end_ranking='weights') decides when no region can be "
        "chosen any more. 'weights_only': no early victory; the game goes on until no region can "
        "be chosen, then the weighted score decides.",
        "zh: 三、遊戲結束變體與最後決戰變體",
        ("usual_victory", "weights_only"))
    city_ask_from: str = option(
        "leader",
        "Whom the city-state abilities are asked of first, before a battle's first card. The zh text "
        "(一.3): asking in turn from the starting player (起始玩家), which it does not define. 'leader' "
        "(our reading): the player who leads this battle (the token holder), then clockwise. "
        "'first_player': the game's first player every battle, then clockwise.",
        "zh: 一、基本設置和變體概略 3",
        ("leader", "first_player"))
    final_ruleset: str = option(
        "",
        "The ruleset of the final battle ('' : this one). The city-states' final battle uses "
        "'city-states-final': a Bishop discards the Drummers first, Courtesans are plain 1s. It must "
        "have this ruleset's deck: the final battle is fought with this game's cards.",
        "zh: 三、遊戲結束變體與最後決戰變體", kind="ruleset")
    final_hand: int = option(
        0,
        "Cards dealt to each finalist; 0: the usual 10 plus 1 per region (es: Romper lazos). "
        "City-states: 18.",
        "es: Romper lazos; zh: 三、遊戲結束變體與最後決戰變體", low=0, high=MAX_HAND)
    final_discard: tuple = option(
        (),
        "Card kinds each finalist discards from the hand before the final battle. City-states: "
        "Scarecrows, Surrenders, Winters and Springs.",
        "zh: 三、遊戲結束變體與最後決戰變體", kind="kinds")
    final_tie: str = option(
        "shared",
        "What a tied final battle means. es: the tied players share the victory; zh: it can only be a "
        "tie, or the players decide (只能平手或玩家自行決定勝負); vi: silent. 'shared' (our reading, "
        "the es text): the players tied in the final battle share the victory. 'again': they fight "
        "another final battle, every card shuffled and dealt again, until one of them wins it.",
        "es: Romper lazos; zh: 三、遊戲結束變體與最後決戰變體; vi: Trường hợp 2 hoặc nhiều người Hòa nhau",
        ("shared", "again"))
