"""The variants: the rules of the Vietnamese, Chinese and Persian systems that an option alone
cannot express.  Each module names the rulebook and section it follows.

* :mod:`.base` - the Variant class and the hooks the Game calls; :mod:`.registry` - which
  variants exist;
* :mod:`.vietnamese` - Continuous War; :mod:`.scoring` - the Scoring match (vi);
* :mod:`.persian` - the Persian tutorial's own cards and game (fa-tutorial.txt);
* :mod:`.city_states` - the Chinese city-state variant (zh-city-state-variant.txt).
"""
