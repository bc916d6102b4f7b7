"""Texts the Sengoku rules write into events (a destruction's cause, a refusal's reason, a roll
modifier's label, the S8.3 tie-break step), marked here for the catalogues: the rules core stays
free of languages, and ``Names.text`` looks each one up where a report shows it.  A text not listed
(most reasons are composed with names and ids) reads as the rules wrote it, in English.

Some moderator-log details are composed with unit ids; ``PATTERNS`` words the common ones.
"""

from __future__ import annotations

import re

from bot.i18n import N_

TEXTS = (
    # Roll modifiers (S8.2, S8.5, S9.3): "+1 XP -2 dmg +2 HD".
    N_("XP"), N_("dmg"), N_("HD"), N_("leader"), N_("port defence"), N_("enemy Tsuruyoki"),
    N_("Defensive formation"), N_("Take the wind"), N_("Feigned retreat"),
    # The S8.3 tie-break step.
    N_("roll"), N_("experience"), N_("heavy detachments"), N_("all equal"),
    # Causes of a loss or damage (S8.4, S8.5, S8.7, OP-35).
    N_("reached 5 damage (S8.4.3)"), N_("heavy detachment reached 5 damage (OP-35)"),
    N_("burnt in port (S8.4.4)"), N_("good hunting by an interceptor (S8.5-A SL)"),
    N_("organised resistance to an interception (S8.5-A FH)"),
    N_("extermination by an interceptor (S8.5-A SH)"), N_("mauled by an interception (S8.5-A FL)"),
    N_("mauled by an interception earlier this turn (S8.5-A FL)"),
    N_("after the landing, as every fleet that fought another at sea (S8.7.4)"),
    N_("retreated from a melee of landing fleets (S8.7.4)"),
    # Reasons (S8.4.6, S8.8, R15, OP-14) and fall-backs (S12.4).
    N_("the attack was beaten off (S8.8.3)"),
    N_("the battle was undecided at the round limit; the moderator decides (OP-33)"),
    N_("every squadron that held it was dispersed or destroyed later this turn (S8.4.6, R3)"),
    N_("it did not fight the escort (R15)"), N_("it was not fired before the next turn (OP-14)"),
    N_("the port is already destroyed or no longer an enemy's"),
    N_("idle and still damaged"), N_("idle"), N_("keeps its base"), N_("not redeemed"), N_("ravaging the coast"),
    N_("sails under its present leader"), N_("the default clan policy"),
    # A character's fate (S9.4).
    N_("dead"),
    # Parts of a clan policy's summary (S12.4): its option values stay as the order writes them.
    N_("default (most squadrons first)"), N_("lose"),
)

# Details composed by the rules (default_applied, S12.4): the English pattern, and its msgid.
PATTERNS = (
    (re.compile(r"^(?P<unit>\S+): engage policy '(?P<policy>[^']*)' \(no policy given\)$"),
     N_("{unit}: engage policy '{policy}' (no policy given)")),
    (re.compile(r"^(?P<unit>\S+): no route given; shortest coastal route (?P<route>.+)$"),
     N_("{unit}: no route given; shortest coastal route {route}")),
    (re.compile(r"^(?P<clan>\S+) fights (?P<others>.+) in that order: most squadrons first$"),
     N_("{clan} fights {others} in that order: most squadrons first")),
    (re.compile(r"^pairing (?P<own>.+?), target (?P<target>.+?); battle priority (?P<priority>.+?); "
                r"if the last port falls: (?P<last_port>.+)$"),
     N_("pairing {own}, target {target}; battle priority {priority}; if the last port falls: {last_port}")),
)

# Pieces of a composed detail, worded wherever they occur in it (decider_ranked, S5.9).
PIECES = (
    (re.compile(r"(?P<side>[^\s:;]+): admiral art (?P<art>\d+), veteran (?P<veteran>\d+), battles led (?P<battles>\d+); "
                r"best squadron XP (?P<xp>\d+)"),
     N_("{side}: admiral art {art}, veteran {veteran}, battles led {battles}; best squadron XP {xp}")),
)
