"""YAML rulesets: found by id, resolved through `extends`, pinned by a hash.

Rules data lives here and mechanics live in the game modules, so a host who changes a
number edits YAML, never Python. Mappings merge key by key; lists and values replace.
This module imports neither the engine nor the registry: games depend on rulesets, never
the other way round.
"""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISREG
from typing import Any

from adjudicator.errors import RulesetError
from adjudicator.paths import cache_dir, data_dir, find_game, plugin_dirs, ruleset_dirs, unknown_game

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,99}$")
CACHE_VERSION = b"checks 2\n"   # raised when load_yaml checks more: bytes cached before are parsed again


@dataclass
class Ruleset:
    """A resolved ruleset: every `extends` applied, ready for a game module."""

    id: str
    data: dict[str, Any]
    sha256: str
    path: Path
    chain: list[str] = field(default_factory=list)

    @property
    def game(self) -> str:
        return str(self.data["game"])

    @property
    def sides(self) -> list[str]:
        return list(self.data["sides"])

    @property
    def params(self) -> dict[str, Any]:
        return self.data.get("params") or {}

    @property
    def items(self) -> dict[str, dict[str, Any]]:
        return self.data.get("items") or {}

    @property
    def loadouts(self) -> dict[str, list[str]]:
        return self.data.get("loadouts") or {}

    @property
    def ranges(self) -> dict[str, dict[str, Any]]:
        return self.data.get("ranges") or {}

    @property
    def summary(self) -> str:
        return str(self.data.get("summary", ""))

    def with_params(self, overrides: dict[str, Any] | None, where: str = "rules.params") -> Ruleset:
        """This ruleset with one match's parameter overrides merged in (checked key by key)."""
        if not overrides:
            return self
        check_overrides(self.params, overrides, where)
        data = dict(self.data)
        data["params"] = merge(self.params, overrides)
        check_ranges(data["params"], self.ranges, where)
        check_time_control(data["params"].get("time_control"), f"{where}.time_control")
        return Ruleset(self.id, data, self.sha256, self.path, self.chain)


def merge(base: Any, over: Any) -> Any:
    """Mappings merge key by key; lists and values replace (SPEC, `rules.params`)."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = merge(base[key], value) if key in base else copy.deepcopy(value)
        return out
    return copy.deepcopy(over)


def check_overrides(params: dict[str, Any], overrides: dict[str, Any], where: str) -> None:
    """Refuse an override naming an unknown parameter or changing a parameter's kind."""
    from adjudicator.ranges import excerpt, field_name

    for key, value in overrides.items():
        path = f"{where}.{field_name((key,))}"   # a key may be 10 MB long or hold a newline
        if key not in params:
            hint = _did_you_mean(key, params) if len(key) <= 100 else ""
            raise RulesetError(f"{path}: unknown parameter{hint}. Known here: {', '.join(sorted(params)) or 'none'}.")
        base = params[key]
        if isinstance(base, dict) and isinstance(value, dict):
            check_overrides(base, value, path)
        elif base is not None and not _same_kind(base, value):
            raise RulesetError(f"{path}: expected {_kind(base)} like {excerpt(base)}, got {excerpt(value)}.")


def check_ranges(params: dict[str, Any], declared: dict[str, dict[str, Any]], where: str) -> None:
    """Refuse a number or list outside its declared range, or with none (adjudicator/ranges.py),
    naming the field, an excerpt of the value and the nearest valid value."""
    from adjudicator import ranges

    found = ranges.first_problem(params, ranges.compile_ranges(declared))
    if found:
        raise RulesetError(f"{where}.{found[0]}: {found[1]}.")


def check_time_control(settings: Any, where: str) -> None:
    """Hold a match's `time_control` to the ruleset schema's words (`on_expiry: lose | skip`),
    which the kind check of overrides cannot see; numbers are the ranges' job."""
    if not isinstance(settings, dict):
        return
    from adjudicator import schemas

    found = schemas.errors("ruleset", {"id": "x", "extends": "x", "params": {"time_control": settings}})
    if found:
        first = found[0]
        rest = schemas.field_path(list(first.absolute_path)[2:])
        raise RulesetError(f"{where}{'.' + rest if rest else ''}: {schemas.describe_error(first)}.")


def _same_kind(base: Any, value: Any) -> bool:
    if isinstance(base, bool) or isinstance(value, bool):
        return isinstance(base, bool) and isinstance(value, bool)
    if isinstance(base, (int, float)):
        return isinstance(value, (int, float)) and (isinstance(base, float) or isinstance(value, int))
    return isinstance(value, type(base))


def _kind(value: Any) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "text",
            list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)


def _did_you_mean(word: str, known: Any) -> str:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def load_yaml(path: Path) -> dict[str, Any]:
    """Read a ruleset file with safe loading only: tags that build objects are refused.

    The parsed data is cached as JSON under the file's SHA-256 (paths.cache_dir), so a
    command that reads an unchanged ruleset needs neither PyYAML's import nor its parser.
    """
    from adjudicator.files import read_regular

    raw = read_regular(path, "ruleset", error=RulesetError)   # a FIFO or /dev/zero never hangs it
    key = hashlib.sha256(CACHE_VERSION + raw).hexdigest()
    data = _cached(key)
    if isinstance(data, dict):   # only checked mappings are cached
        return data
    data = _parse_yaml(raw, path)
    if not isinstance(data, dict):
        raise RulesetError(f"{path}: a ruleset must be a YAML mapping with at least an 'id'.")
    problem = _not_json(data, "")
    if problem:
        raise RulesetError(f"{path}: field {problem} (quote it to make it text).")
    _remember(key, data)
    return data


def _parse_yaml(raw: bytes, path: Path) -> Any:
    """Safe YAML, bounded (adjudicator.bounded): an alias bomb or a 5,000-digit number is a
    sentence, never minutes of work or an internal error."""
    import yaml

    from adjudicator.bounded import load_yaml_text

    try:
        return load_yaml_text(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RulesetError(f"{path}: the ruleset is not UTF-8 text.") from None
    except ValueError as exc:   # too many values once aliases are expanded
        raise RulesetError(f"{path}: the ruleset {exc}.") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RulesetError(f"{path}: not valid YAML{where}: {problem}.") from None


def _cache_file(key: str) -> Path | None:
    folder = cache_dir()
    return folder / "rulesets" / f"{key}.json" if folder else None


def _cached(key: str) -> Any:
    """The parsed data cached for these bytes, or None (no cache, a miss, or a bad entry)."""
    target = _cache_file(key)
    if target is None:
        return None
    try:
        return json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _remember(key: str, data: Any) -> None:
    """Cache parsed data (plain JSON data by now, see _not_json); a cache that cannot be
    written is simply not used."""
    target = _cache_file(key)
    if target is None:
        return
    try:
        text = json.dumps(data, ensure_ascii=False)
        if json.loads(text) != data:
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        except OSError:
            os.unlink(tmp)
            raise
    except (OSError, TypeError, ValueError):
        return


def _not_json(value: Any, where: str) -> str | None:
    """Where `value` holds what JSON cannot (YAML's dates, sets, bytes, keys that are not
    text), which the schema check, hashing and JSON output would choke on; None if nowhere."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return None
    if isinstance(value, list):
        return next((found for i, item in enumerate(value) if (found := _not_json(item, f"{where}[{i}]"))), None)
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{where or '(top level)'}: the key {key!r} is not text"
            found = _not_json(item, f"{where}.{key}" if where else key)
            if found:
                return found
        return None
    return f"{where or '(top level)'}: {str(value)[:60]} is a {type(value).__name__}, not text, a number, true, false, " \
           "null, a list or a mapping"


def validate_raw(data: dict[str, Any], path: Path) -> None:
    """Check one ruleset file against schemas/ruleset.schema.json."""
    from adjudicator import schemas

    found = schemas.errors("ruleset", data)
    if found:
        first = found[0]
        more = f" ({len(found) - 1} more problem{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
        raise RulesetError(f"{path}: field {schemas.field_path(first.absolute_path)}: "
                           f"{schemas.describe_error(first)}{more}.")


def find_file(ruleset_id: str) -> Path:
    """The YAML file of a ruleset id; ids are names, never paths."""
    if not ID_PATTERN.match(ruleset_id or ""):
        raise RulesetError(f"'{ruleset_id}' is not a ruleset id: ids are lower-case names like "
                           f"'dice-tug-of-war', never paths.")
    offered = offered_files(ruleset_id)
    if offered:
        return only_file(ruleset_id, offered)
    known = [info["id"] for info in list_rulesets()]
    raise RulesetError(f"Unknown ruleset '{ruleset_id}'{_did_you_mean(ruleset_id, known)}. "
                       f"Known: {', '.join(known) or 'none'} (see `adjudicator rulesets`).")


def offered_files(ruleset_id: str) -> list[Path]:
    """Every file of every rulesets folder that offers this id (stat calls only)."""
    return [folder / f"{ruleset_id}{suffix}" for folder in ruleset_dirs() for suffix in (".yaml", ".yml")
            if (folder / f"{ruleset_id}{suffix}").is_file()]


def only_file(ruleset_id: str, offered: list[Path]) -> Path:
    """The one file offering a ruleset id. Offered twice, it is refused naming both files: a
    plug-in folder may not take a built-in id, nor one another plug-in folder offers, as a
    folder's place in ADJUDICATOR_RULESETS would otherwise decide which rules a match plays."""
    if len(offered) == 1:
        return offered[0]
    builtin = data_dir("rulesets")
    ours = [path for path in offered if path.parent == builtin]
    if ours:
        theirs = next(path for path in offered if path.parent != builtin)
        raise RulesetError(f"ruleset '{ruleset_id}': the plug-in file {theirs} takes the id of the built-in "
                           f"ruleset {ours[0]}; a plug-in may not, so rename it or remove its folder from "
                           f"ADJUDICATOR_RULESETS.")
    raise RulesetError(f"ruleset '{ruleset_id}': both {offered[0]} and {offered[1]} offer it; a ruleset id may "
                       f"come from one file only, so remove one.")


_RESOLVED: dict[tuple[str, tuple[str, ...]], tuple[tuple[Any, ...], Ruleset]] = {}


# How long after its last change a file's timestamps are trusted to tell the next change:
# a file written twice within one tick of a coarse file-system clock (FAT's is 2 s) keeps its
# timestamps, so a file changed more recently than this is told by its bytes instead. (A
# system clock set far ahead of the file times would make a new file look settled; only a
# same-size rewrite within one tick of a coarse file-system clock could then go unseen.)
SETTLED_SECONDS = 3.0


def _stamps(ruleset: Ruleset, folders: tuple[str, ...]) -> tuple[Any, ...]:
    """What says the files behind a resolved ruleset are unchanged. The files are found as
    find_file finds them, with plain strings: this runs for every match a batch loads, where
    pathlib's objects cost more than the check."""
    now = time.time()
    return tuple(_stamp(ruleset_id, folders, now) for ruleset_id in ruleset.chain)


def _stamp(ruleset_id: str, folders: tuple[str, ...], now: float) -> tuple[tuple[Any, ...], ...]:
    """Every file offering the id, with its path, size, inode and change times, and, while
    it changed too recently for those to be trusted (SETTLED_SECONDS), its bytes: one system
    call for a settled file instead of reading it, and a same-size rewrite within a clock
    tick is still seen. A file that appears in any folder, even one that only shadows
    another (refused by find_file), is a change."""
    found = []
    for folder in folders:
        stem = os.path.join(folder, ruleset_id)
        for suffix in (".yaml", ".yml"):
            candidate = stem + suffix
            try:
                info = os.stat(candidate)
            except (OSError, ValueError):   # not there (os.path.isfile's answer too)
                continue
            if not S_ISREG(info.st_mode):
                continue
            settled = now - max(info.st_mtime, info.st_ctime) > SETTLED_SECONDS
            content = b"" if settled else _read_bytes(candidate)
            found.append((candidate, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev,
                          settled, content))
    if not found:
        raise RulesetError(f"Unknown ruleset '{ruleset_id}'.")   # resolve reads it again, and says so properly
    return tuple(found)


def _read_bytes(path: str) -> bytes:
    """The file's bytes (OSError when it cannot be read now: resolve then reads it again)."""
    with open(path, "rb") as fh:
        return fh.read()


def resolve(ruleset_id: str) -> Ruleset:
    """A ruleset with everything it extends merged in; parsed once per process and
    re-read only when one of its files changes (a batch check of thousands of matches
    would otherwise parse the same YAML thousands of times). Treat it as read-only."""
    folders = search_folders()
    key = (ruleset_id, folders)
    cached = _RESOLVED.get(key)
    if cached is not None:
        try:
            if _stamps(cached[1], folders) == cached[0]:
                return cached[1]
        except (OSError, RulesetError):
            pass
    ruleset = _resolve_files(ruleset_id)
    _RESOLVED[key] = (_stamps(ruleset, folders), ruleset)
    return ruleset


_FOLDERS: dict[tuple[Path, ...], tuple[str, ...]] = {}


def search_folders() -> tuple[str, ...]:
    """ruleset_dirs() as plain strings, as resolve keys its cache and finds the files: worked
    out once per list of plug-in folders (ADJUDICATOR_RULESETS, which plugin_dirs reads each
    time), not once per match a batch loads."""
    plugins = tuple(plugin_dirs())
    found = _FOLDERS.get(plugins)
    if found is None:
        if len(_FOLDERS) >= 16:   # a process that keeps changing ADJUDICATOR_RULESETS (tests)
            _FOLDERS.clear()
        found = _FOLDERS[plugins] = tuple(str(folder) for folder in ruleset_dirs())
    return found


def _resolve_files(ruleset_id: str) -> Ruleset:
    """Load a ruleset and everything it extends, base first."""
    chain: list[str] = []
    layers: list[dict[str, Any]] = []
    current: str | None = ruleset_id
    paths: list[Path] = []
    while current is not None:
        if current in chain:
            raise RulesetError(f"Ruleset '{ruleset_id}' extends itself in a loop: {' → '.join(chain + [current])}.")
        path = find_file(current)
        paths.append(path)
        data = load_yaml(path)
        validate_raw(data, path)
        if data["id"] != current:
            raise RulesetError(f"{path}: field id: the file says '{data['id']}' but is named '{current}'.")
        chain.append(current)
        layers.append(data)
        current = data.get("extends")
    return build(layers, chain, paths[0])


def build(layers: list[dict[str, Any]], chain: list[str], path: Path) -> Ruleset:
    """Merge layers (most derived first) into one resolved ruleset and hash it."""
    resolved: dict[str, Any] = {}
    for layer in reversed(layers):
        resolved = merge(resolved, {k: v for k, v in layer.items() if k != "extends"})
    resolved["id"] = chain[0]
    validate_raw(resolved, path)
    _check_catalogue(resolved, path)
    _check_declared_ranges(resolved, path)
    return Ruleset(chain[0], resolved, digest(resolved), path, chain)


def _check_declared_ranges(data: dict[str, Any], path: Path) -> None:
    """Every range must be usable, and every number and list of `params` must lie in one."""
    from adjudicator import ranges

    for pattern, spec in (data.get("ranges") or {}).items():
        problem = ranges.spec_problem(pattern, spec)
        if problem:
            raise RulesetError(f"{path}: field {problem}.")
    try:
        check_ranges(data.get("params") or {}, data.get("ranges") or {}, "params")
    except RulesetError as exc:
        raise RulesetError(f"{path}: field {exc.message}") from None


def _check_catalogue(data: dict[str, Any], path: Path) -> None:
    items = data.get("items") or {}
    for name, members in (data.get("loadouts") or {}).items():
        for index, item in enumerate(members):
            if item not in items:
                raise RulesetError(f"{path}: field loadouts.{name}[{index}]: '{item}' is not in the item catalogue.")


def digest(resolved: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a resolved ruleset (stable across key order).

    `ranges` is left out: it says which values a match may choose, not how a match with
    given values plays, so widening a range never marks existing matches as changed."""
    pinned = {key: value for key, value in resolved.items() if key != "ranges"}
    canonical = json.dumps(pinned, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def validate_file(path: Path) -> Ruleset:
    """Check a ruleset file that may not be in a rulesets folder (its `extends` must be)."""
    data = load_yaml(path)
    validate_raw(data, path)
    layers, chain = [data], [data["id"]]
    parent = data.get("extends")
    if parent:
        base = resolve(parent)
        if data["id"] in base.chain:
            raise RulesetError(f"{path}: field extends: '{data['id']}' would extend itself.")
        layers.append(base.data)
        chain += base.chain
    ruleset = build(layers, chain, path)
    if find_game(ruleset.game) is None:   # found, not imported: the caller loads the game
        raise RulesetError(unknown_game(ruleset.game, where=f"{path}: field game"))
    return ruleset


def list_rulesets() -> list[dict[str, Any]]:
    """id, game, version and summary of every ruleset file found; an id offered by two files
    is listed once, saying why it cannot be used (only_file)."""
    offered: dict[str, list[Path]] = {}
    for folder in ruleset_dirs():
        if folder.is_dir():
            for path in sorted(folder.glob("*.y*ml")):
                if path.suffix in (".yaml", ".yml") and ID_PATTERN.match(path.stem):
                    offered.setdefault(path.stem, []).append(path)
    seen = {rid: _listed(rid, paths) for rid, paths in offered.items()}
    for info in seen.values():
        if not info.get("game") and info.get("extends") in seen:
            base = seen[info["extends"]]
            info["game"] = base.get("game", "")
    return sorted(seen.values(), key=lambda info: info["id"])


def _listed(rid: str, paths: list[Path]) -> dict[str, Any]:
    """The listing's row of one ruleset id."""
    try:
        path = only_file(rid, paths)
    except RulesetError as exc:
        return {"id": rid, "game": "?", "version": "?", "summary": f"(refused: {exc.message})"}
    try:
        data = load_yaml(path)
    except RulesetError as exc:
        return {"id": rid, "game": "?", "version": "?", "summary": f"(unreadable: {exc.message})"}
    return {"id": rid, "game": data.get("game", ""), "version": data.get("version", ""),
            "summary": data.get("summary", ""), "extends": data.get("extends"), "path": path}
