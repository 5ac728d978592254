#!/bin/sh
# The server's production tree: the server and the workspace packages it depends on, in the workspace's own
# layout, with their production dependencies and nothing the server never runs. Run it from the root of a
# COPY of the workspace (it reinstalls node_modules there and moves them away):
#
#   deploy/production-tree.sh install          the dependencies, from the lockfile and the package.json files
#                                              alone: the Dockerfile runs it before it copies the sources, so
#                                              that a change of code does not install again
#   deploy/production-tree.sh assemble <out>   the server and its packages, with those dependencies, into <out>
#   deploy/production-tree.sh <out>            both (tests/process/container.test.ts runs it on the host)
#
# Why not `pnpm deploy`: it copies workspace packages into node_modules/.pnpm, and Node strips types only
# outside node_modules (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), while our packages are TypeScript
# sources (docs/decisions.md, "TypeScript runs as TypeScript"). Here they stay where they are and
# node_modules links to them, as in development.
set -eu
server='@amiko/server...' # the server and every workspace package it depends on

install() {
  if [ -e .git ]; then
    echo 'production-tree.sh: run this in a copy of the workspace, not in a checkout: it replaces node_modules' >&2
    exit 1
  fi
  # Production dependencies only (no devDependencies), exactly as the lockfile has them.
  pnpm install --prod --frozen-lockfile --prefer-offline --filter "$server"

  # What the server never runs, though packages bring it along:
  store=node_modules/.pnpm
  # TypeScript (an optional peer of @trpc/server, resolved to the workspace's) and type declarations: the
  # sources run with Node's type stripping, which never reads them.
  rm -rf "$store"/typescript@* "$store"/@types+*
  # Declaration files, TypeScript sources Node refuses to run from node_modules anyway, and source maps.
  find "$store" -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' \) -delete
  # better-sqlite3's C sources (for building from source) and its binaries for other systems: only the one
  # this system loads stays (a binary built from source here, or the prebuilt one for this platform).
  for addon in "$store"/better-sqlite3@*/node_modules/better-sqlite3; do
    [ -d "$addon" ] || continue
    rm -rf "$addon/deps" "$addon/src"
    keep=$(cd "$addon" && node -p "require('fs').existsSync('build/Release/better_sqlite3.node') ? '' : require('path').basename(require('./lib/binding.js').getPrebuildPath() || '')")
    for binary in "$addon"/prebuilds/*; do
      [ "$(basename "$binary")" = "$keep" ] || rm -f "$binary"
    done
  done
}

assemble() {
  out=${1:?usage: deploy/production-tree.sh assemble <output folder>}
  mkdir -p "$out"
  cp package.json "$out/"
  mv node_modules "$out/"
  pnpm ls --recursive --depth -1 --parseable --filter "$server" | while read -r dir; do
    rel=${dir#"$PWD"/}
    mkdir -p "$out/$rel"
    cp -a "$rel/." "$out/$rel/"
  done
  # Unit tests live beside the code; the server never loads them.
  find "$out/apps" "$out/packages" -name '*.test.ts' -delete
  # Links left pointing at what install removed (typescript, @types).
  find "$out" -xtype l -delete
  # The gazetteer's index, built now: the image's code is read-only at run time, where each start would
  # otherwise build it again in a temporary folder (about 10 s of CPU; packages/places/src/cache.ts).
  (cd "$out" && node packages/places/scripts/build-cache.ts)
}

case "${1:?usage: deploy/production-tree.sh install | assemble <output folder> | <output folder>}" in
  install) install ;;
  assemble) assemble "${2:-}" ;;
  *)
    install
    assemble "$1"
    ;;
esac
