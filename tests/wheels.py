"""Wheels for the install tests (tests/packaging/wheel.rs, tests/packaging/pre_commit.rs), with the
standard library alone, run by the venv `make tools` installs into .tools/.

`wheels.py read WHEEL` prints one JSON object: the wheel's members (name, Unix mode,
size) in archive order, and its METADATA's fields (each a list of its values, the
description under `description`), as pip reads them.

`wheels.py repack NAME FOLDER` writes into FOLDER the wheel of the distribution NAME
installed in this Python's environment (maturin's, for the pre-commit test: pip builds
harn-catalog's wheel in an isolated environment, into which it installs the build
backend from PIP_FIND_LINKS, offline). pip keeps no copy of the wheels it installs, and
no package of .tools rebuilds one, so it is put back together from the installed files
and their RECORD: every file as installed (each checked against the hash RECORD gives
it), a script the wheel carried moved back under `<name>-<version>.data/scripts/`, and
a new RECORD; the installer's own files (INSTALLER, REQUESTED, compiled bytecode) are
left out. The distribution must have been installed from a wheel, as pip installs
maturin, for RECORD to list that wheel's files. Prints the wheel's path.
"""

import base64
import email.parser
import hashlib
import importlib.metadata
import json
import os
import sys
import sysconfig
import zipfile


def read(wheel):
    with zipfile.ZipFile(wheel) as archive:
        members = [
            {"name": info.filename, "mode": info.external_attr >> 16, "size": info.file_size}
            for info in archive.infolist()
        ]
        metadata_name = next(m["name"] for m in members if m["name"].endswith(".dist-info/METADATA"))
        message = email.parser.BytesParser().parsebytes(archive.read(metadata_name))
    fields = {}
    for key, value in message.items():
        fields.setdefault(key, []).append(str(value))
    fields["description"] = message.get_payload()
    print(json.dumps({"members": members, "metadata": fields}))


def record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def repack(name, folder):
    dist = importlib.metadata.distribution(name)
    record = next(f for f in dist.files if f.name == "RECORD" and f.parent.name.endswith(".dist-info"))
    dist_info = record.parent.name
    stem = dist_info[: -len(".dist-info")]
    scripts = os.path.realpath(sysconfig.get_path("scripts"))
    launchers = {e.name for e in dist.entry_points if e.group in ("console_scripts", "gui_scripts")}
    entries = []
    for file in dist.files:
        if file.hash is None or file.name in ("INSTALLER", "REQUESTED"):
            continue  # RECORD itself (written anew) and what the installer made
        path = os.path.realpath(file.locate())
        with open(path, "rb") as handle:
            data = handle.read()
        if record_hash(data) != f"{file.hash.mode}={file.hash.value}":
            sys.exit(f"{path} is not the file {name}'s wheel installed: its hash differs from RECORD's")
        if str(file).startswith(".."):
            if os.path.dirname(path) != scripts:
                sys.exit(f"{file} lies outside the environment's packages and scripts")
            if file.name in launchers:
                continue  # an installer writes a launcher from entry_points.txt
            member = f"{stem}.data/scripts/{file.name}"
        else:
            member = str(file)
        entries.append((member, data, os.stat(path).st_mode))
    tags = [line.split(":", 1)[1].strip() for line in dist.read_text("WHEEL").splitlines() if line.startswith("Tag:")]
    parts = [".".join(dict.fromkeys(tag.split("-")[i] for tag in tags)) for i in range(3)]
    wheel = os.path.join(folder, f"{stem}-{'-'.join(parts)}.whl")
    lines = [f"{member},{record_hash(data)},{len(data)}" for member, data, _ in entries]
    lines.append(f"{dist_info}/RECORD,,")
    # Stored, not compressed: the wheel never leaves the machine, and compressing
    # maturin's 27 MB binary would take seconds of every run.
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as archive:
        for member, data, mode in entries:
            info = zipfile.ZipInfo(member)
            info.external_attr = (mode & 0xFFFF) << 16
            archive.writestr(info, data)
        archive.writestr(f"{dist_info}/RECORD", "\n".join(lines) + "\n")
    print(wheel)


if __name__ == "__main__":
    if sys.argv[1:2] == ["read"] and len(sys.argv) == 3:
        read(sys.argv[2])
    elif sys.argv[1:2] == ["repack"] and len(sys.argv) == 4:
        repack(sys.argv[2], sys.argv[3])
    else:
        sys.exit("usage: wheels.py read WHEEL | wheels.py repack NAME FOLDER")
