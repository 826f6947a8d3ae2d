# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The options of a shield rule's condition, the same for a WAF rule (rule_configuration) and a rate limit rule
    # (condition): one shape reads and writes both (plugins/module_utils/_shapes/shield_rules.py). They are
    # suboptions, which no doc fragment merges, so each module carries a copy between
    # "# BEGIN edge.platform.shield_rules.CONDITION_OPTIONS" and "# END ..." lines (O(@.x) reads O(<its option>.x)
    # there, M(@) its _info module); edit the text here and run tests/utils/doc_fragment_copies.py.
    CONDITION_OPTIONS = r"""
variable_types:
  description:
    - Where to look, as a mapping of variable name to sub-variable. Use V("") when the variable has no
      sub-variable.
    - 'For example V({"REQUEST_URI": ""}), V({"REQUEST_HEADERS": "User-Agent"}) or V({"GEO": "COUNTRY_CODE"}).'
    - Names are C(REQUEST_URI), C(REQUEST_URI_RAW), C(ARGS), C(ARGS_COMBINED_SIZE), C(ARGS_GET),
      C(ARGS_GET_NAMES), C(ARGS_POST), C(ARGS_POST_NAMES), C(FILES_NAMES), C(GEO), C(REMOTE_ADDR),
      C(QUERY_STRING), C(REQUEST_BASENAME), C(REQUEST_BODY), C(REQUEST_COOKIES_NAMES), C(REQUEST_COOKIES),
      C(REQUEST_FILENAME), C(REQUEST_HEADERS_NAMES), C(REQUEST_HEADERS), C(REQUEST_LINE), C(REQUEST_METHOD),
      C(REQUEST_PROTOCOL), C(RESPONSE_BODY), C(RESPONSE_HEADERS), C(RESPONSE_STATUS), C(FINGERPRINT) and
      C(VERIFIED_BOT_CATEGORY). Their numbers 0 to 26, in that order, are accepted too.
  type: dict
operator_type:
  description:
    - How the variable is compared with O(@.value). Give a name or the platform's number.
    - Required unless O(@.operator_type_name) is given.
  type: raw
  choices: &operators [BEGINSWITH, ENDSWITH, CONTAINS, CONTAINSWORD, STRMATCH, EQ, GE, GT, LE, LT, WITHIN, RX,
                       STREQ, DETECTSQLI, DETECTXSS]
operator_type_name:
  description:
    - The name of the operator, as M(@) returns it.
  type: str
  choices: *operators
severity_type:
  description:
    - Severity recorded for a match. Give a name or the platform's number (0 to 2).
    - Defaults to V(NOTICE), which is also what the platform stores when a client leaves the severity out.
  type: raw
  choices: [NOTICE, WARNING, CRITICAL]
severity_type_name:
  description:
    - The name of the severity, as M(@) returns it.
  type: str
  choices: [NOTICE, WARNING, CRITICAL]
transformation_types:
  description:
    - Transformations applied to the variable before comparing. Give names, for example V(LOWERCASE) or
      V(URLDECODE), or the platform's numbers.
    - Compared as a set, in any order. A change of order alone is not a change.
  type: list
  elements: raw
  choices: &transformations [CMDLINE, COMPRESSWHITESPACE, CSSDECODE, HEXENCODE, HTMLENTITYDECODE, JSDECODE,
                             LENGTH, LOWERCASE, MD5, NORMALIZEPATH, NORMALISEPATH, NORMALIZEPATHWIN,
                             NORMALISEPATHWIN, REMOVECOMMENTS, REMOVENULLS, REMOVEWHITESPACE, REPLACECOMMENTS,
                             SHA1, URLDECODE, URLDECODEUNI, UTF8TOUNICODE]
transformation_type_names:
  description:
    - The names of the transformations, as M(@) returns them.
  type: list
  elements: raw
  choices: *transformations
value:
  description:
    - The value the operator compares against. Defaults to V("").
  type: str
is_negated:
  description:
    - Whether the match is inverted. Defaults to V(false).
  type: bool
is_regex_variable:
  description:
    - Whether the variable is selected by a regular expression. Defaults to V(false).
  type: bool
chained_rule_conditions:
  description:
    - Further conditions that must all match too; they are combined with the main condition by AND.
    - Kept and compared in the order given.
  type: list
  elements: dict
  suboptions:
    variable_types:
      description:
        - Where to look, as in O(@.variable_types).
      type: dict
    operator_type:
      description:
        - How to compare, as in O(@.operator_type).
      type: raw
      choices: *operators
    operator_type_name:
      description:
        - The name of the operator, as M(@) returns it.
      type: str
      choices: *operators
    value:
      description:
        - The value to compare against. Defaults to V("").
      type: str
    is_negated:
      description:
        - Whether the match is inverted. Defaults to V(false).
      type: bool
    is_regex_variable:
      description:
        - Whether the variable is selected by a regular expression. Defaults to V(false).
      type: bool
"""
