#!/usr/bin/env python3
"""Checks a SARIF log against what the SARIF 2.1.0 schema requires of the
objects hyc writes, then prints one line per result (for FileCheck).

The rules below are the schema's (sarif-schema-2.1.0.json, OASIS errata01):
for each object type its required properties, the properties it may have
(the schema says additionalProperties: false for all of them), and the
types, enums and minimums of the values hyc fills in. No network: the
rules are written out here, and only for the object types hyc emits.

usage: sarif_check.py LOG.sarif
prints: result RULE LEVEL FILE:LINE:COL: MESSAGE
        related FILE:LINE:COL: MESSAGE   (the result's notes)
        notification LEVEL: MESSAGE
        invocation executionSuccessful=BOOL exitCode=N
"""
import json
import os
import sys
import urllib.parse

# type -> (required, anyOf-required groups, allowed properties)
SCHEMA = {
    "sarifLog": ({"version", "runs"}, [],
                 {"$schema", "version", "runs", "inlineExternalProperties", "properties"}),
    "run": ({"tool"}, [],
            {"tool", "invocations", "conversion", "language", "versionControlProvenance",
             "originalUriBaseIds", "artifacts", "logicalLocations", "graphs", "results",
             "automationDetails", "runAggregates", "baselineGuid", "redactionTokens",
             "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind",
             "externalPropertyFileReferences", "threadFlowLocations", "taxonomies",
             "addresses", "translations", "policies", "webRequests", "webResponses",
             "specialLocations", "properties"}),
    "tool": ({"driver"}, [], {"driver", "extensions", "properties"}),
    "toolComponent": ({"name"}, [],
                      {"guid", "name", "organization", "product", "productSuite",
                       "shortDescription", "fullDescription", "fullName", "version",
                       "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc",
                       "downloadUri", "informationUri", "globalMessageStrings",
                       "notifications", "rules", "taxa", "locations", "language", "contents",
                       "isComprehensive", "localizedDataSemanticVersion",
                       "minimumRequiredLocalizedDataSemanticVersion", "associatedComponent",
                       "translationMetadata", "supportedTaxonomies", "properties"}),
    "reportingDescriptor": ({"id"}, [],
                            {"id", "deprecatedIds", "guid", "deprecatedGuids", "name",
                             "deprecatedNames", "shortDescription", "fullDescription",
                             "messageStrings", "defaultConfiguration", "helpUri", "help",
                             "relationships", "properties"}),
    "invocation": ({"executionSuccessful"}, [],
                   {"commandLine", "arguments", "responseFiles", "startTimeUtc", "endTimeUtc",
                    "exitCode", "ruleConfigurationOverrides",
                    "notificationConfigurationOverrides", "toolExecutionNotifications",
                    "toolConfigurationNotifications", "exitCodeDescription", "exitSignalName",
                    "exitSignalNumber", "processStartFailureMessage", "executionSuccessful",
                    "machine", "account", "processId", "executableLocation",
                    "workingDirectory", "environmentVariables", "stdin", "stdout", "stderr",
                    "stdoutStderr", "properties"}),
    "notification": ({"message"}, [],
                     {"locations", "message", "level", "threadId", "timeUtc", "exception",
                      "descriptor", "associatedRule", "properties"}),
    "result": ({"message"}, [],
               {"ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget",
                "locations", "guid", "correlationGuid", "occurrenceCount",
                "partialFingerprints", "fingerprints", "stacks", "codeFlows", "graphs",
                "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank",
                "attachments", "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa",
                "webRequest", "webResponse", "properties"}),
    "message": (set(), [{"text"}, {"id"}], {"text", "markdown", "id", "arguments", "properties"}),
    "location": (set(), [],
                 {"id", "physicalLocation", "logicalLocations", "message", "annotations",
                  "relationships", "properties"}),
    "physicalLocation": (set(), [{"address"}, {"artifactLocation"}],
                         {"address", "artifactLocation", "region", "contextRegion",
                          "properties"}),
    "artifactLocation": (set(), [], {"uri", "uriBaseId", "index", "description", "properties"}),
    "region": (set(), [{"startLine"}, {"charOffset"}, {"byteOffset"}],
               {"startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength",
                "byteOffset", "byteLength", "snippet", "message", "sourceLanguage",
                "properties"}),
}
LEVELS = {"none", "note", "warning", "error"}

errors = []


def fail(path, what):
    errors.append(f"{path}: {what}")


def obj(kind, value, path):
    """Checks the required and allowed properties of `value` as `kind`."""
    if not isinstance(value, dict):
        fail(path, f"{kind} must be an object")
        return {}
    required, any_of, allowed = SCHEMA[kind]
    for key in sorted(required - value.keys()):
        fail(path, f"{kind} lacks the required property '{key}'")
    if any_of and not any(group <= value.keys() for group in any_of):
        fail(path, f"{kind} needs one of " + " or ".join("/".join(sorted(g)) for g in any_of))
    for key in sorted(value.keys() - allowed):
        fail(path, f"{kind} may not have the property '{key}'")
    return value


def integer(value, path, minimum):
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        fail(path, f"must be an integer >= {minimum}, not {value!r}")


def string(value, path):
    if not isinstance(value, str):
        fail(path, f"must be a string, not {value!r}")
        return ""
    return value


def array(value, path):
    if not isinstance(value, list):
        fail(path, "must be an array")
        return []
    return value


def message(value, path):
    m = obj("message", value, path)
    return string(m.get("text", ""), path + ".text")


def location(value, path):
    """A location with a physical location; returns FILE:LINE:COL."""
    loc = obj("location", value, path)
    if "id" in loc:
        integer(loc["id"], path + ".id", -1)
    if "physicalLocation" not in loc:
        return "?"
    phys = obj("physicalLocation", loc["physicalLocation"], path + ".physicalLocation")
    art = obj("artifactLocation", phys.get("artifactLocation", {}),
              path + ".physicalLocation.artifactLocation")
    uri = string(art.get("uri", ""), path + ".artifactLocation.uri")
    parsed = urllib.parse.urlparse(uri)
    # format: uri-reference; hyc writes absolute file URIs of files it read.
    file_path = urllib.parse.unquote(parsed.path)
    if parsed.scheme != "file" or not os.path.isabs(file_path):
        fail(path, f"uri '{uri}' is not an absolute file URI")
    elif not os.path.exists(file_path):
        fail(path, f"uri '{uri}' names no file")
    if any(c in uri for c in ' "<>\\^`{|}'):
        fail(path, f"uri '{uri}' has characters a URI may not have")
    region = obj("region", phys.get("region", {}), path + ".physicalLocation.region")
    line = region.get("startLine")
    col = region.get("startColumn", 1)
    integer(line, path + ".region.startLine", 1)
    integer(col, path + ".region.startColumn", 1)
    return f"{os.path.basename(file_path)}:{line}:{col}"


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        log = obj("sarifLog", json.load(f), "log")
    out = []
    if log.get("version") != "2.1.0":
        fail("log.version", "must be \"2.1.0\"")
    if "$schema" in log:
        string(log["$schema"], "log.$schema")
    runs = array(log.get("runs"), "log.runs")
    if len(runs) != 1:
        fail("log.runs", f"hyc writes one run, found {len(runs)}")
    for r, run in enumerate(runs):
        rp = f"runs[{r}]"
        run = obj("run", run, rp)
        if run.get("columnKind") not in (None, "utf16CodeUnits", "unicodeCodePoints"):
            fail(rp + ".columnKind", "must be utf16CodeUnits or unicodeCodePoints")
        tool = obj("tool", run.get("tool", {}), rp + ".tool")
        driver = obj("toolComponent", tool.get("driver", {}), rp + ".tool.driver")
        string(driver.get("name"), rp + ".tool.driver.name")
        rules = array(driver.get("rules", []), rp + ".tool.driver.rules")
        ids = [string(obj("reportingDescriptor", d, f"{rp}.rules[{i}]").get("id"),
                      f"{rp}.rules[{i}].id") for i, d in enumerate(rules)]
        if len(set(ids)) != len(ids):
            fail(rp + ".tool.driver.rules", "rule ids repeat")
        for i, inv in enumerate(array(run.get("invocations", []), rp + ".invocations")):
            ip = f"{rp}.invocations[{i}]"
            inv = obj("invocation", inv, ip)
            ok = inv.get("executionSuccessful")
            if not isinstance(ok, bool):
                fail(ip + ".executionSuccessful", "must be a boolean")
            if "exitCode" in inv:
                integer(inv["exitCode"], ip + ".exitCode", -2**31)
            out.append(f"invocation executionSuccessful={str(ok).lower()} "
                       f"exitCode={inv.get('exitCode')}")
            for n, note in enumerate(array(inv.get("toolExecutionNotifications", []),
                                           ip + ".toolExecutionNotifications")):
                np_ = f"{ip}.toolExecutionNotifications[{n}]"
                note = obj("notification", note, np_)
                level = note.get("level", "warning")
                if level not in LEVELS:
                    fail(np_ + ".level", f"'{level}' is not a level")
                out.append(f"notification {level}: {message(note.get('message', {}), np_)}")
        for i, res in enumerate(array(run.get("results", []), rp + ".results")):
            p = f"{rp}.results[{i}]"
            res = obj("result", res, p)
            rule = string(res.get("ruleId", ""), p + ".ruleId")
            if "ruleIndex" in res:
                integer(res["ruleIndex"], p + ".ruleIndex", -1)
                if not 0 <= res["ruleIndex"] < len(ids) or ids[res["ruleIndex"]] != rule:
                    fail(p + ".ruleIndex", "does not point at the rule of ruleId")
            level = res.get("level", "warning")
            if level not in LEVELS:
                fail(p + ".level", f"'{level}' is not a level")
            text = message(res.get("message"), p + ".message")
            locs = array(res.get("locations", []), p + ".locations")
            where = location(locs[0], p + ".locations[0]") if locs else "-"
            out.append(f"result {rule} {level} {where}: {text}")
            for n, rel in enumerate(array(res.get("relatedLocations", []),
                                          p + ".relatedLocations")):
                rel_text = message(rel.get("message", {"text": ""}), f"{p}.related[{n}]")
                out.append(f"related {location(rel, f'{p}.relatedLocations[{n}]')}: {rel_text}")
    if errors:
        print("\n".join("SARIF error: " + e for e in errors))
        sys.exit(1)
    print("\n".join(out))


if __name__ == "__main__":
    main()
