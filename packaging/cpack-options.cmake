# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# CPACK_PROJECT_CONFIG_FILE: read by cpack once per generator. The .tar.gz is a relocatable
# prefix (bin/, lib/, libexec/, share/ at its top), to unpack anywhere; DEB and RPM install into /usr.
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_PACKAGING_INSTALL_PREFIX "/")
endif()
