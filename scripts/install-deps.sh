#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages Carton Studio needs to build, test and benchmark.
# Idempotent: does nothing when everything is already installed.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config
  ccache # scripts/run-tests.sh: rebuilds of unchanged files (another clone, a second preset) come from the cache
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-l10n-tools qt6-svg-dev libqt6svg6
  libquazip1-qt6-dev libzstd-dev libtomlplusplus-dev libcmark-dev cmark libssl-dev
  zlib1g-dev libbrotli-dev
  xvfb xauth imagemagick appstream
  qt6-translations-l10n # qtbase_de.qm, qtbase_zh_CN.qm: Qt's own strings in the app's languages (tst_translations)
  fonts-noto-cjk # scripts/screenshots.sh -l zh_CN: Chinese text renders (no tofu)
  python3 python3-numpy zip unzip zstd libarchive-tools openssl time
  clang-format # scripts/check-format.sh (CI)
  qt6-multimedia-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-libav qt6-image-formats-plugins ffmpeg # widgets/media: play misc/ audio and video (GStreamer decodes mp3, H.264/AAC mp4), animated WebP; tests make their media with ffmpeg
  # packaging/ tests: cpack's DEB (dpkg-shlibdeps from dpkg-dev, file) and RPM (rpm) generators, the
  # installation check (lintian, xdg-mime from xdg-utils with File::MimeInfo's mimetype,
  # update-mime-database, update-desktop-database), the desktop entry, MIME XML, Info.plist and
  # WiX source checks (desktop-file-validate, xmllint, plistutil, wixl and msiinfo)
  dpkg-dev file rpm lintian xdg-utils libfile-mimeinfo-perl shared-mime-info desktop-file-utils
  libxml2-utils libplist-utils wixl msitools
  clang libclang-rt-14-dev # scripts/fuzz.sh: libFuzzer with ASan/UBSan (the fuzz preset)
  bubblewrap # the runner host's sandbox (core/runner/sandbox*): bwrap, the sandbox Flatpak uses
  libseccomp-dev # core/runner/seccompfilter: the sandbox's seccomp filter (bwrap --seccomp), built with libseccomp
  python3-onnx # tests/model: ONNX models made in tests, and an independent reader to compare core/model's with
  chromium # tests/diff: the model review HTML report rendered headless for a screenshot (tst_clireview)
  python3-torch # tests/model: TorchScript and torch.save models made in tests, compared value by value with what torch reads
  docker-registry skopeo apache2-utils # tests/oci: a real registry (distribution 2.8) on loopback, skopeo as the independent client, htpasswd for basic auth
)
if [ "${CARTON_WITH_TORCH:-1}" = 1 ]; then packages+=(libtorch-dev); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing: ${missing[*]}" >&2
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
