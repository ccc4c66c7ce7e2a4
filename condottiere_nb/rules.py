"""Every rule the engine applies, by its id: its title, where the rulebooks state it, the one
function that applies it, and the Ruleset options (the readings) that change it.

A rule id names its function: ``card.bishop`` is applied by ``card_bishop()``, and
``RULES["card.bishop"].function`` is that function.  A :class:`~condottiere_nb.explain.Step`
carries the id of the rule that made it, so a reader goes from a line of an explanation to the
rule's code, its sources and its tests (named after the id too).

The catalogue is a constant: nothing adds to it at import time.  A Rule names its function as
``"module:function"`` and imports it on first use, so this module imports nothing of the engine
and every engine module may read it.

>>> r = RULES["season.winter"]
>>> r.title, r.function.__name__
('Winter: every Mercenary counts 1', 'season_winter')
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["Rule", "RULES", "rule_title", "rule_source", "cited"]

_PACKAGE = __name__.rpartition(".")[0]


@dataclass(frozen=True)
class Rule:
    """One rule: ``id`` (``"season.winter"``), ``title``, ``source`` (rulebook sections, in the
    original language), ``where`` (``"module:function"`` of the one function that applies it,
    relative to the package) and ``options`` (the Ruleset options that change how it applies)."""

    id: str
    title: str
    source: str
    where: str
    options: tuple[str, ...] = ()
    _function: list = field(default_factory=list, repr=False, compare=False)

    @property
    def function(self):
        """The function (or class) that applies this rule, imported on first use."""
        if not self._function:
            module, _, name = self.where.partition(":")
            self._function.append(getattr(importlib.import_module(f"{_PACKAGE}.{module}"), name))
        return self._function[0]


def _rules(*entries) -> MappingProxyType:
    table = {}
    for rule_id, title, source, where, *options in entries:
        table[rule_id] = Rule(rule_id, title, source, where, tuple(options[0]) if options else ())
    return MappingProxyType(table)


_ZH_ABILITIES = "zh: 二、各城邦特殊能力"

#: rule id -> Rule.  Grouped as the rules are played: a battle's plays and on-play effects, the
#: count, the end of a battle, the game around the battles, then each rulebook's own systems.
RULES = _rules(
    # -- playing (plays.py) -----------------------------------------------------------------------
    ("play.card", "Playing a card", "vi: Cách Chơi 1 (Chơi một lá bài); es: Jugar una carta; fa: بند ۳ و قوانین دقیق",
     "plays:play_card"),
    ("play.face_down", "Playing a card face down", "vi: Luật mở rộng, Ẩn Bài; fa: بند ۳ (۱)", "plays:play_face_down",
     ("hidden_cards", "face_down_specials", "mercenaries_face_down")),
    ("play.pass", "Passing", "vi: Cách Chơi 2 (Bỏ qua); es: Pasar; fa: بند ۳ (۳) و قوانین دقیق",
     "plays:play_pass"),
    ("play.wait", "The invaded defender waits", "vi: Luật mở rộng, Xâm Lược", "plays:play_wait", ("invasion",)),
    # -- on-play effects (effects.py) -------------------------------------------------------------
    ("season.cancel", "Winter and Spring discard each other", "vi: Các lá bài Đặc Biệt 1-2 (Mùa Đông, Mùa Xuân)",
     "effects:season_cancel", ("face_down_specials",)),
    ("card.bishop", "Bishop", "vi: Các lá bài Đặc Biệt 3 (Giám Mục); es: Explicaciones de la tarjeta; zh: 三、遊戲結束變體與最後決戰變體 (教士)",
     "effects:card_bishop", ("bishop_targets", "bishop_highest")),
    ("token.favor", "The Pope's Favor", "vi: Thành Phần 4 and Giám Mục; es: Componentes", "effects:token_favor"),
    ("card.scarecrow", "Scarecrow", "vi: Các lá bài Đặc Biệt 7 (Bù Nhìn)", "effects:card_scarecrow",
     ("scarecrow_empty", "venezia_bribe")),
    ("card.surrender", "Surrender", "vi: Các lá bài Đặc Biệt 8 (Đầu Hàng); es: Concluyendo una batalla",
     "effects:card_surrender"),
    # -- the count (strength.py) ------------------------------------------------------------------
    ("strength.printed", "Printed strengths", "vi: Chồng bài rút, Quân Lính; es: Jugar una carta; fa: بند ۴",
     "strength:strength_printed"),
    ("season.winter", "Winter: every Mercenary counts 1", "vi: Các lá bài Đặc Biệt 1 (Mùa Đông)",
     "strength:season_winter"),
    ("card.drummer", "Drummer: the line's Mercenaries double", "vi: Các lá bài Đặc Biệt 5 (Người Đánh Trống)",
     "strength:card_drummer"),
    ("season.spring", "Spring: the highest Mercenaries get +3", "vi: Các lá bài Đặc Biệt 2 (Mùa Xuân)",
     "strength:season_spring", ("spring_highest",)),
    ("strength.characters", "Heroines and Courtesans are added",
     "vi: Các lá bài Đặc Biệt 4 and 6 (Giai Nhân, Nữ Anh Hùng); zh: 三、遊戲結束變體與最後決戰變體 (交際之花)",
     "strength:strength_characters"),
    # -- the end of a battle (resolution.py) ------------------------------------------------------
    ("battle.end", "The battle ends", "vi: Kết thúc trận chiến; es: Concluyendo una batalla; zh: 三、遊戲結束變體與最後決戰變體; fa: بند ۳",
     "resolution:battle_end"),
    ("battle.reveal", "Hidden cards are revealed", "vi: Luật mở rộng, Ẩn Bài; fa: بند ۴", "resolution:battle_reveal",
     ("face_down_specials",)),
    ("battle.compare", "Compare strengths", "vi: Kết thúc trận chiến 1 (So sánh sức mạnh); es: 1. Compare la fuerza; "
     "zh: 三、遊戲結束變體與最後決戰變體; fa: بند ۴", "resolution:battle_compare"),
    ("token.condottiere", "Who takes the Condottiere token",
     "vi: Trường hợp ngoại lệ (Giai Nhân); es: 1. Compare la fuerza", "resolution:token_condottiere",
     ("courtesan_token", "courtesan_in_tie", "invasion_tie_token")),
    # -- the game around the battles (game/) ------------------------------------------------------
    ("game.setup", "Setting up the game", "vi: Chuẩn Bị; es: Comenzando el juego", "game.deal:game_setup", ("first_player",)),
    ("round.deal", "Dealing: up to 10 cards plus 1 per region",
     "vi: Chuẩn Bị 4, Kết thúc vòng chơi; es: Comenzando el juego 3, Fin de una ronda; zh: 一、基本設置和變體概略 7; "
     "fa: قوانین دقیق", "game.deal:round_deal",
     ("hand_size", "cards_per_region", "hand_sizes", "first_hand", "zh_deal")),
    ("token.place", "Placing the Condottiere token",
     "vi: Tổng quan 1 vòng chơi (Lưu ý), Kết thúc trận chiến 2; es: Ronda de juego, 2. Elige la nueva batalla; "
     "zh: 一、基本設置和變體概略 6",
     "game.phases:token_place", ("invasion", "invasion_favor")),
    ("battle.start", "A battle begins: the token holder leads, then clockwise",
     "vi: Bắt đầu trận chiến; es: Comenzando una batalla; zh: 三、遊戲結束變體與最後決戰變體",
     "game.phases:battle_start"),
    ("play.no_cards", "A player with no cards can only pass",
     "vi: Nếu một người chơi không còn bài; es: Si un jugador no tiene cartas", "game.phases:play_no_cards"),
    ("favor.place", "Placing the Pope's Favor", "vi: Thành Phần 4, Giám Mục; es: Componentes",
     "game.phases:favor_place", ("favor_on_battle_region", "invasion")),
    ("region.conquered", "The winner places a control marker", "vi: Kết thúc trận chiến 1; es: 1. Compare la fuerza; fa: بند ۲ و ۶",
     "game.phases:region_conquered"),
    ("region.tied", "A tied battle conquers nothing", "vi: Trường hợp ngoại lệ; es: 1. Compare la fuerza; fa: بند ۴",
     "game.phases:region_tied"),
    ("game.victory", "Victory: regions in total or adjacent", "vi: Chiến Thắng 1-2; es: Fin del juego; fa: بند ۷",
     "game.phases:game_victory", ("victory_regions",)),
    ("battle.discard_lines", "The battle lines are discarded",
     "vi: 3 – Giải tán quân đội; es: 3. Descartar las líneas de batalla", "game.phases:battle_discard_lines"),
    ("hand.discard", "A hand without Mercenaries may be discarded",
     "vi: 4 – Bỏ bài trên tay; es: 4. Descartar cartas de la mano", "game.phases:hand_discard", ("hand_discard",)),
    ("round.end", "The end of a round", "vi: Kết thúc vòng chơi; es: Fin de una ronda", "game.phases:round_end"),
    ("round.keep", "The last player with cards keeps up to two", "vi: Kết thúc vòng chơi; es: Fin de una ronda",
     "game.phases:round_keep", ("keep_cards",)),
    ("game.no_region", "No region left: the most regions wins",
     "vi: Chiến Thắng 3; es: Fin del juego; zh: 三; fa: بند ۷", "game.phases:game_no_region", ("end_ranking",)),
    ("round.shuffle", "A new round: the token holder shuffles every card nobody holds",
     "vi: Kết thúc vòng chơi; es: Fin de una ronda", "game.deal:round_shuffle"),
    ("invasion.defender", "Invasion: the controller of the region defends it", "vi: Luật mở rộng, Xâm Lược",
     "game.phases:invasion_defender", ("invasion",)),
    ("invasion.tie", "Invasion: a tie keeps the region with the defender, who takes the token",
     "vi: Luật mở rộng, Xâm Lược", "game.phases:invasion_tie", ("invasion", "invasion_tie_token")),
    ("game.final_battle", "The final battle among the tied players",
     "vi: Trường hợp 2 hoặc nhiều người Hòa nhau; es: Romper lazos; zh: 三、遊戲結束變體與最後決戰變體",
     "game.phases:game_final_battle",
     ("final_hand", "final_discard", "final_ruleset", "final_tie")),
    # -- the Vietnamese variants (variants/vietnamese.py) -----------------------------------------
    ("war.draw", "Continuous War: everyone draws 3 after a battle, up to the hand limit",
     "vi: Luật mở rộng, Chiến tranh liên tiếp (2 – Rút bài)", "variants.vietnamese:war_draw", ("drawing",)),
    ("war.redeal", "Continuous War: nobody has cards, so everyone draws 10",
     "vi: Luật mở rộng, Chiến tranh liên tiếp (Trường hợp)", "variants.vietnamese:war_redeal", ("drawing",)),
    ("score.game", "Scoring: 1 point per region, 5 more per region for an adjacency win",
     "vi: Luật mở rộng, Tính điểm", "variants.scoring:score_game", ("scoring_bonus", "scoring_bonus_win")),
    ("score.match", "Scoring: the match ends when someone reaches the target", "vi: Luật mở rộng, Tính điểm",
     "variants.scoring:score_match", ("match_points", "scoring_target")),
    # -- the Persian tutorial (variants/persian.py) -----------------------------------------------
    ("card.banner", "Banner: the line's soldiers double (only one Banner counts)",
     "fa: بند ۵ (کارت‌های ویژه، درفش) و قوانین دقیق", "variants.persian:card_banner", ("banner_limit",)),
    ("card.maiden", "Maiden: one soldier card leaves the region",
     "fa: بند ۵ (کارت‌های ویژه، دوشیزه) و قوانین دقیق", "variants.persian:card_maiden", ("maiden_targets",)),
    ("card.weapon", "Weapon: draw a card", "fa: بند ۵ (کارت‌های ویژه، جنگ‌افزار) و قوانین دقیق",
     "variants.persian:card_weapon"),
    ("fa.weapon_draw", "Persian tutorial: the Weapon's card is drawn", "fa: بند ۵ (جنگ‌افزار)",
     "variants.persian_game:fa_weapon_draw"),
    ("fa.draw", "Persian tutorial: the winner draws a card per soldier used, the others 1",
     "fa: بند ۶ و قوانین دقیق", "variants.persian_game:fa_draw",
     ("fa_draws", "fa_winner_draws", "fa_losers", "fa_tie_draws")),
    ("fa.end", "Persian tutorial: the draw pile ran out", "fa: بند ۷ و قوانین دقیق", "variants.persian_game:fa_end"),
    # -- the Chinese city-states (variants/city_states/) ------------------------------------------
    ("city.choose", "Choosing the city-states", "zh: 一、基本設置和變體概略 2", "variants.city_states.game:city_choose"),
    ("city.ask", "Abilities are asked for before the first card, one per battle", "zh: 一、基本設置和變體概略 3",
     "variants.city_states.game:city_ask", ("city_ask_from",)),
    ("city.firenze", "Firenze, the Ball: take back a Courtesan by laying a card face down",
     f"{_ZH_ABILITIES} (Firenze)", "variants.city_states.abilities:city_firenze", ("firenze_takes", "firenze_card")),
    ("city.venezia", "Venezia, the Bribe: discard a card to take an enemy Mercenary of 1-5",
     f"{_ZH_ABILITIES} (Venezia)", "variants.city_states.abilities:city_venezia",
     ("venezia_bribe", "venezia_bribe_value")),
    ("city.genova", "Genova, Profiteering: trade cards with the other hands, or draw from the discards",
     f"{_ZH_ABILITIES} (Genoa)", "variants.city_states.game:city_genova"),
    ("city.bologna", "Bologna, Fire Attack: no Scarecrow, 6, 10 or Heroine in this battle",
     f"{_ZH_ABILITIES} (Bologna)", "variants.city_states.abilities:city_bologna"),
    ("city.milano", "Milano, Blockade: no Surrender, Bishop, Drummer, Spring, Winter or Heroine",
     f"{_ZH_ABILITIES} (Milano)", "variants.city_states.abilities:city_milano"),
    ("city.lift", "A ban is lifted by its owner", f"{_ZH_ABILITIES} (Bologna, Milano: 發動者有權隨時取消)",
     "variants.city_states.abilities:city_lift"),
    ("city.roma_annul", "Roma, the Edict: cancel another player's ability for the round", f"{_ZH_ABILITIES} (Roma)",
     "variants.city_states.game:city_roma_annul"),
    ("city.roma_claim", "Roma claims a tied region by discarding a Bishop or any 3 cards", f"{_ZH_ABILITIES} (Roma)",
     "variants.city_states.game:city_roma_claim"),
    ("city.round", "A new round: every city-state's ability is ready again", f"{_ZH_ABILITIES} (一輪結束後)",
     "variants.city_states.game:city_round"),
    ("city.score", "The end: regions scored by weight", "zh: 三、遊戲結束變體與最後決戰變體",
     "variants.city_states.game:city_score", ("city_end",)),
    ("city.final", "The final battle: 18 cards each, some discarded, Roma leads", "zh: 三、遊戲結束變體與最後決戰變體",
     "variants.city_states.game:city_final"),
)


def rule_title(rule: str) -> str:
    """The title of a rule id (the id itself if it is unknown)."""
    found = RULES.get(rule)
    return found.title if found is not None else rule


def rule_source(rule: str, lang: str | None = None) -> str:
    """Where the rulebooks state a rule ('' if the id is unknown); with ``lang``, the learner's own
    rulebook first where it states the rule.

    >>> rule_source("battle.compare", "fa").split("; ")[0], rule_source("battle.compare").split(": ")[0]
    ('fa: بند ۴', 'vi')
    """
    return "; ".join(f"{book}: {where}" for book, where in cited(rule, lang))


def cited(rule: str, lang: str | None = None) -> list[tuple[str, str]]:
    """(rulebook's language, its sections) for each rulebook stating a rule, the learner's own first
    ([] if the id is unknown).

    >>> dict(cited("play.pass"))["es"]
    'Pasar'
    """
    found = RULES.get(rule)
    if found is None:
        return []
    parts = [part.partition(": ") for part in found.source.split("; ")]
    return sorted(((book, where) for book, _, where in parts), key=lambda cite: cite[0] != lang)
