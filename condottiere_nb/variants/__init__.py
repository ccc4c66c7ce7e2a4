"""Variant hooks: the rules of the Vietnamese, Chinese and Persian systems that an option
alone cannot express.  Each module names the rulebook and section it follows.

* :mod:`.persian` - the Persian tutorial's own cards (fa-tutorial.txt): Banner, Maiden, Weapon.
* :mod:`.city_states` - the Chinese city-state variant (zh-city-state-variant.txt).
"""
