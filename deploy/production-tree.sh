#!/bin/sh
# Writes the server's production tree into $1: the server and the workspace packages it depends on, in the
# workspace's own layout, with their production dependencies and nothing else. Run it from the root of a
# COPY of the workspace (it reinstalls node_modules there and moves them away). The Dockerfile runs it to
# build the image; tests/process/container.test.ts runs it on the host to check the result.
#
# Why not `pnpm deploy`: it copies workspace packages into node_modules/.pnpm, and Node strips types only
# outside node_modules (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), while our packages are TypeScript
# sources (docs/decisions.md, "TypeScript runs as TypeScript"). Here they stay where they are and
# node_modules links to them, as in development.
set -eu
out=${1:?usage: deploy/production-tree.sh <output folder>}
server='@amiko/server...' # the server and every workspace package it depends on
if [ -e .git ]; then
  echo 'production-tree.sh: run this in a copy of the workspace, not in a checkout: it replaces node_modules' >&2
  exit 1
fi

# Production dependencies only (no devDependencies), exactly as the lockfile has them.
pnpm install --prod --frozen-lockfile --prefer-offline --filter "$server"

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
