#!/usr/bin/env python3
"""Writes Tests/CoddJSONTests/Fixtures/jsonb.json: documents, and the JSONB bytes SQLite 3.45+
makes of them (`jsonb(?)`, `jsonb_object`, `jsonb_array`), with the JSON text SQLite reads back
from those bytes (`json(…)`). Codd's JSONB reader and writer are tested against these bytes, on
any SQLite (the system one may be older than 3.45, which has no JSONB).

Needs a SQLite of 3.45 or later through Python: `pip install apsw` (its wheels carry their
own SQLite). Run: python3 scripts/make-jsonb-fixtures.py
"""
import json
import os

import apsw

ROOT = os.path.join(os.path.dirname(__file__), "..")
connection = apsw.Connection(":memory:")
version = apsw.sqlite_lib_version()

documents = [
    'null', 'true', 'false', '0', '-1', '42', '9223372036854775807', '-9223372036854775808',
    '123456789012345678901234567890', '1.5', '-0.25', '1e10', '2.5E-3', '0.30000000000000004',
    '""', '"a"', '"dark"', '"it\'s"', '"quo\\"te"', '"back\\\\slash"', '"new\\nline"', '"tab\\t"',
    '"\\u00e9t\\u00e9"', '"été"', '"🙂"', '"\\ud83d\\ude42"', '"nul\\u0000byte"',
    '"' + 'x' * 11 + '"', '"' + 'x' * 12 + '"', '"' + 'y' * 255 + '"', '"' + 'z' * 256 + '"',
    '"' + 'w' * 70000 + '"',
    '[]', '{}', '[1,2,3]', '[null,true,false,"a",1.5,[],{}]',
    '{"theme":"dark","fontSize":14,"tags":["admin","urgent"],"profile":{"birthday":"1990-01-01 00:00:00.000","city":null}}',
    '{"a.b":1,"$":2,"[0]":3,"we\'ird":4,"🙂":5,"quo\\"te":6}',
    '[' + ','.join(str(i) for i in range(300)) + ']',
    '{' + ','.join('"k%d":%d' % (i, i) for i in range(200)) + '}',
    '  [ 1 , { "a" : [ "b" ] } ]  ',
]

fixtures = []
for document in documents:
    blob = connection.execute("SELECT jsonb(?)", (document,)).fetchone()[0]
    back = connection.execute("SELECT json(?)", (blob,)).fetchone()[0]
    fixtures.append({"source": "jsonb(?)", "json": document, "jsonb": bytes(blob).hex().upper(), "sqliteJSON": back})

# Values SQLite builds from SQL values: text stored raw (TEXTRAW), escapes added on output.
for sql in [
    "SELECT jsonb_object('key', 'a\"b\\c' || char(10) || char(1))",
    "SELECT jsonb_array('plain', 'it''s', 'é', 1, 2.5, NULL)",
    "SELECT jsonb_set('{\"a\":1}', '$.b', 'x\"y')",
    "SELECT jsonb_object('n', 123456789012345, 'r', 0.1)",
]:
    blob = connection.execute(sql).fetchone()[0]
    back = connection.execute("SELECT json(?)", (blob,)).fetchone()[0]
    fixtures.append({"source": sql, "json": back, "jsonb": bytes(blob).hex().upper(), "sqliteJSON": back})

path = os.path.join(ROOT, "Tests", "CoddJSONTests", "Fixtures", "jsonb.json")
with open(path, "w", encoding="utf-8") as output:
    json.dump({"sqlite": version, "fixtures": fixtures}, output, ensure_ascii=False, indent=1)
    output.write("\n")
print("wrote", path, len(fixtures), "fixtures from SQLite", version)
