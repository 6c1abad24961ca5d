#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# Checks the Windows installer sources on Linux (ctest windows_installer_sources): the XML is
# well-formed (xmllint), and fileassociation.wxs compiles with wixl (Debian's msitools) into an
# MSI together with a placeholder product like the one CPack's WiX template generates
# (INSTALL_ROOT under Program Files, a placeholder carton-studio.exe and document icon); the
# MSI's Registry table then holds the .carton association, the ProgID, its icon and its
# "Open with Carton Studio" verb, all in the one component MSI removes on uninstall.
# Usage: check-wix.sh [WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work/payload/bin" "$work/payload/share/carton-studio"
for tool in xmllint wixl msiinfo; do
  command -v $tool >/dev/null || { echo "check-wix.sh: $tool not found (apt install libxml2-utils msitools)" >&2; exit 1; }
done
xmllint --noout "$here/fileassociation.wxs" "$here/patch.xml"

printf 'placeholder executable\n' >"$work/payload/bin/carton-studio.exe"
printf 'placeholder icon\n' >"$work/payload/share/carton-studio/application-x-carton.ico"
cat >"$work/product.wxs" <<'WXS'
<?xml version="1.0" encoding="UTF-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="*" Name="Carton Studio" Language="1033" Version="0.1.0" Manufacturer="Carton Studio contributors"
           UpgradeCode="9D928193-746B-4230-8220-6B15F4838317">
    <Package InstallerVersion="500" Compressed="yes" InstallScope="perMachine"/>
    <Media Id="1" Cabinet="product.cab" EmbedCab="yes"/>
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFiles64Folder">
        <Directory Id="INSTALL_ROOT" Name="Carton Studio">
          <Directory Id="BIN" Name="bin">
            <Component Id="App" Guid="2A4C9E41-7E0B-4B1F-9C63-3D1F2B7C0A11" Win64="yes">
              <File Id="AppExe" Source="payload/bin/carton-studio.exe" KeyPath="yes"/>
            </Component>
          </Directory>
          <Directory Id="SHARE" Name="share">
            <Directory Id="SHARE_CS" Name="carton-studio">
              <Component Id="DocIcon" Guid="5B8E0C2D-41A7-4C55-8E0F-7A2B9C3D4E51" Win64="yes">
                <File Id="DocIco" Source="payload/share/carton-studio/application-x-carton.ico" KeyPath="yes"/>
              </Component>
            </Directory>
          </Directory>
        </Directory>
      </Directory>
    </Directory>
    <Feature Id="ProductFeature" Level="1">
      <ComponentRef Id="App"/>
      <ComponentRef Id="DocIcon"/>
      <ComponentRef Id="CartonFileAssociation"/>
    </Feature>
  </Product>
</Wix>
WXS
(cd "$work" && wixl -a x64 -o carton-studio.msi product.wxs "$here/fileassociation.wxs")
export_table() { msiinfo export "$work/carton-studio.msi" "$1" | tr -d '\r'; } # .idt tables have CRLF lines
export_table Registry >"$work/registry.idt"

# Registry rows: Registry, Root (2 = HKLM), Key, Name, Value, Component.
fail=0
expect() { # KEY NAME VALUE
  # awk -v would interpret the backslashes: pass the strings through the environment.
  if ! K="$1" N="$2" V="$3" awk -F'\t' '$2 == 2 && $3 == ENVIRON["K"] && $4 == ENVIRON["N"] && $5 == ENVIRON["V"] &&
      $6 == "CartonFileAssociation" { found = 1 } END { exit !found }' "$work/registry.idt"; then
    echo "check-wix.sh: no HKLM row [$1] \"$2\" = \"$3\" in component CartonFileAssociation" >&2
    fail=1
  fi
}
expect 'Software\Classes\.carton' '' 'CartonStudio.Carton'
expect 'Software\Classes\.carton' 'Content Type' 'application/x-carton'
expect 'Software\Classes\.carton\OpenWithProgids' 'CartonStudio.Carton' ''
expect 'Software\Classes\CartonStudio.Carton' '' 'Carton model package'
expect 'Software\Classes\CartonStudio.Carton\DefaultIcon' '' '[INSTALL_ROOT]share\carton-studio\application-x-carton.ico'
expect 'Software\Classes\CartonStudio.Carton\shell\open' '' 'Open with Carton Studio'
expect 'Software\Classes\CartonStudio.Carton\shell\open\command' '' '"[INSTALL_ROOT]bin\carton-studio.exe" "%1"'
# The component is in the product feature (installed and removed with it).
export_table FeatureComponents | grep -qxP 'ProductFeature\tCartonFileAssociation' ||
  { echo "check-wix.sh: CartonFileAssociation is not in ProductFeature" >&2; fail=1; }
# The MSI's paths resolve: the placeholder exe lands in INSTALL_ROOT\bin.
export_table Directory | grep -qxP 'BIN\tINSTALL_ROOT\tbin' ||
  { echo "check-wix.sh: bin is not under INSTALL_ROOT" >&2; fail=1; }
[ $fail = 0 ] && echo "check-wix.sh: fileassociation.wxs compiles with wixl; the MSI registers .carton (7 rows checked)"
exit $fail
