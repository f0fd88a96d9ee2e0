"""Every message exists in every language, with the same variables, and every one is used."""

import re
from pathlib import Path

import pytest
from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse
from fluent.syntax.visitor import Visitor

from bot.delivery.ports import EFFECT_REFUSALS
from bot.delivery.service import FAILED_ACTIONS
from bot.discipline.kinds import CATALOGUE
from bot.discipline.mcr.catalogue import DEAD_HANDS, VIOLATIONS
from bot.discipline.mcr.tournament import SUB_REASONS
from bot.handlers import REGISTRY
from bot.handlers._core import LOGGED_RIGHTS
from bot.handlers.common import SETTABLE
from bot.i18n import LOCALES_DIR, SUPPORTED
from bot.platforms.discord.slash import form_key, variants_of
from bot.ports import rulebooks
from bot.ports.rulebooks import menus

SOURCE = Path(__file__).resolve().parents[2] / "bot"
CODE = "\n".join(p.read_text() for p in SOURCE.rglob("*.py"))
TEMPLATES = "\n".join(p.read_text() for p in (SOURCE / "web" / "templates").glob("*.html"))


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node):
        self.names.add(node.id.name)


def messages(lang: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((LOCALES_DIR / lang).glob("*.ftl")):
        resource = parse(path.read_text(encoding="utf-8"))
        junk = [e for e in resource.body if isinstance(e, fluent_ast.Junk)]
        assert not junk, f"{lang}/{path.name}: {junk[0].annotations[0].message}"
        for entry in resource.body:
            if isinstance(entry, fluent_ast.Message):
                visitor = _Variables()
                visitor.visit(entry)
                found[entry.id.name] = visitor.names
    return found


def arg_words() -> set[str]:
    """Names of arguments as refusals and usages show them (a keyword is shown as the
    reader's synonym instead, a number as it is)."""
    words = {"option", "setting", "user", "rulebook", "lang", "tz", "ready_clock"}
    words |= set(SETTABLE)  # /settings names each setting
    for spec in REGISTRY.values():
        words |= {param.name for form in spec.forms for param in form}
        for match in re.finditer(r"([<\[])([^<>\[\]]+)([>\]])", spec.usage):
            value = match.group(2).rpartition("=")[2]
            words |= {w.lstrip("@") if w.startswith("@") else w for w in value.split("|")}
        words |= set(re.findall(r"@([a-z]+)", spec.usage))
    keywords = {"burraco", "mcr", "on", "off"} | {
        choice for spec in REGISTRY.values() for f in spec.forms for p in f for choice in p.choices
    }
    lengths = {w for w in words if re.fullmatch(r"\d+[dhm]", w)}  # typed as they are: 24h
    words -= lengths
    return {w for w in words if (w not in keywords and not w.isdigit() and len(w) > 1) or w in "TN"}


def _arg_id(word: str) -> str:
    return "arg-" + re.sub(r"[^A-Za-z0-9_-]", "_", word)


def used_ids() -> set[str]:
    """Message ids the code can ask for."""
    installed = rulebooks.load()  # their commands are in REGISTRY once they are installed
    ids = set()
    ids |= {f"ruling-{t}" for t in re.findall(r'Ruling\(\s*"([a-z_]+)"', CODE)}
    codes = re.findall(
        r"(?:RuleViolation|InvalidArgument|BadInput|InvalidTable|BlocklistError|_fail)\(\s*"
        r'"([a-z0-9_]+)"',
        CODE,
    )
    ids |= {f"refused-{c}" for c in codes}
    ids |= {f"command-{name}" for name in REGISTRY} | {"command-profile-mcr"}
    ids |= {f"discord-name-{name}" for name in [*REGISTRY, "burraco", "mcr"]}
    ids |= {f"discord-group-{menu.name}" for menu in menus()}
    ids |= {form_key(v.name) for spec in REGISTRY.values() for v in variants_of(spec) if v.name}
    ids |= set(
        re.findall(
            r'"((?:standings|history|log|help|stops|cards|card|profile|expected|'
            r"telegram|discord|picture|rule|ruling|format|refused|tables|seating|hand|button|"
            r"delivery|session|export|tournaments|finished|unscored|chat-rules|reports|ladder|welcome|measures|team-standings|"
            r"lock|block|blocklist)"
            r'-[a-z0-9_-]+)"',
            CODE,
        )
    )
    ids |= {f"picture-measure-{m}" for m in ("warning", "caution", "expulsion", "disqualification")}
    ids |= {
        f"picture-column-{c}" for c in ("player", "points", "matches", "average", "tp", "score")
    }
    ids |= {f"format-{f}" for f in ("1v1", "pairs", "4in2", "giallo", "ema-csv")}
    ids |= {m for m in messages("en") if m.startswith("fan-")}  # named by MahjongGB
    ids |= {f"violation-{slug}" for slug in VIOLATIONS} | {"violation-notile"}
    ids |= {f"deadhand-{slug}" for slug in DEAD_HANDS}
    ids |= {f"sub-{reason}" for reason in SUB_REASONS}
    ids |= {f"button-{action.label}" for kind in CATALOGUE for action in kind.actions}
    ids |= {kind.in_group for kind in CATALOGUE if kind.in_group}  # said in the group instead
    ids |= {f"delivery-{action.replace('_', '-')}" for action in FAILED_ACTIONS.values()}
    ids |= {"delivery-kick-failed", "report-from-menu"} | {
        f"right-{right.replace('_', '-')}" for right in LOGGED_RIGHTS
    }
    ids |= {f"ruling-{kind.name}" for kind in CATALOGUE if kind.stored}  # every decision
    ids |= {f"button-page-{way}" for way in ("previous", "next")}
    ids |= {f"duration-{unit}" for unit in ("days", "hours", "minutes")}
    ids |= {"duration-2", "duration-3"}  # a length of two or three of those parts
    ids |= {f"effect-reason-{why}" for why in EFFECT_REFUSALS}
    for book in installed:  # each rulebook's own, named by the rulebook
        ids |= {f"{m}-{book}" for m in ("standings-header", "standings-row", "profile")}
        ids |= {f"picture-standings-{book}"}
        # its standings page's columns
        ids |= {f"web-col-{column}" for column in rulebooks.rulebook_named(book).pictured}
    ids |= {"profile-mcr-none"}  # a profile with no tournament running
    ids |= {_arg_id(word) for word in arg_words()}
    # a setting a ruling cites by its name ("settings locks")
    ids |= {_arg_id(key) for key in re.findall(r'setting_cited\(\s*"([a-z_]+)"', CODE)}
    # the public pages: named in their code and templates, sections and tallies by name
    ids |= set(re.findall(r"""["'](web-[a-z0-9-]*[a-z0-9])["']""", CODE + TEMPLATES))
    ids |= {f"web-section-{s}" for s in ("standings", "rulings", "stops", "display")}
    ids |= {f"web-tally-{t}" for t in ("all", "official", "training")}
    ids |= {f"web-wind-{w}" for w in "eswn"} | {f"web-wind-name-{w}" for w in "eswn"}
    ids |= {f"web-why-{kind}" for kind in ("manual", "expulsion", "disqualification")}
    actions = set(re.findall(r'audit="([a-z_]+)"', CODE)) | {"propose", "cancel", "web_rotated"}
    actions |= {"undeliverable", "kick_failed", "missing_right", *FAILED_ACTIONS.values()}
    actions |= {"mute", "ban", "unmute", "unban"}  # moderation.py names them by the measure
    actions |= {f"rules_{action}" for action in ("add", "edit", "remove")}
    actions |= {"flood_mute", "link", "log_link"}  # by the bot's hand, in another chat
    actions |= {"raid_on", "raid_off", "join_removed", "join_declined"}  # bot.handlers.joins
    actions |= {"unlock", "blocklist_add", "blocklist_remove", "message_removed"}  # .locks
    ids |= {f"log-action-{action}" for action in actions}
    return ids


# display rulings are rendered by their own templates, not by "ruling-<type>"
RENDERED_SPECIALLY = {
    "ruling-refused",
    "ruling-standings",
    "ruling-history",
    "ruling-log",
    "ruling-help",
    "ruling-stops_list",
    "ruling-profile",
    "ruling-tables",
    "ruling-ruling",
    "ruling-tournaments",
    "ruling-seating_view",
    "ruling-hand_check",
    "ruling-web_page",
    "ruling-chat_rules",
    "ruling-reports",
    "ruling-welcome",
    "ruling-team_standings",
}


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_used_message_exists(lang):
    wanted = used_ids() - RENDERED_SPECIALLY
    if lang == "en":  # an argument is called by its own (English) name, unless said otherwise
        wanted = {mid for mid in wanted if not mid.startswith("arg-")}
    missing = sorted(wanted - set(messages(lang)))
    assert not missing, f"{lang} lacks {missing}"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_no_message_is_unused(lang):
    unused = sorted(set(messages(lang)) - used_ids() - {"yes-no"})
    assert not unused, f"{lang} has messages the code never asks for: {unused}"


@pytest.mark.parametrize("lang", [lang for lang in SUPPORTED if lang != "en"])
def test_variables_match_english(lang):
    english, other = messages("en"), messages(lang)
    differing = {
        mid: (english[mid], other[mid])
        for mid in english
        if mid in other and english[mid] != other[mid]
    }
    assert not differing, differing
