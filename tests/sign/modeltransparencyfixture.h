// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// A signature made by the OpenSSF model-signing reference tool (model_signing
// v1.1.0, "sign key" with an EC P-384 key) and its public key, from
// github.com/sigstore/model-transparency scripts/tests/v1.1.0-elliptic-key/model.sig
// and scripts/tests/keys/certificate/signing-key-pub.pem (Apache-2.0, The Sigstore
// Authors). It signs a folder of two files, signme-1 and signme-2.
namespace fixture {

inline constexpr char kModelTransparencyBundle[] =
    "{\"mediaType\":\"application/vnd.dev.sigstore.bundle.v0.3+json\",\"verificationMaterial\":{\"publicKey\":{\"h"
    "int\":\"e8450dec4eb99dae995da9af1bc2cc9f76ed669ee2e744f57abba763df3e3f8e\"},\"tlogEntries\":[]},\"dsseEnve"
    "lope\":{\"payload\":\"ewogICJfdHlwZSI6ICJodHRwczovL2luLXRvdG8uaW8vU3RhdGVtZW50L3YxIiwKICAic3ViamVjdCI6IF"
    "sKICAgIHsKICAgICAgIm5hbWUiOiAidjEuMS4wLWVsbGlwdGljLWtleSIsCiAgICAgICJkaWdlc3QiOiB7CiAgICAgICAgInNoYT"
    "I1NiI6ICI5Mjc0NTExMGIxYWI0MzY4NDcxY2JlMzE2NjRlMTAxNzRlOTU0YjExM2EzZGYzMzNkYjg2MDMxN2IyYzZkZWM0IgogIC"
    "AgICB9CiAgICB9CiAgXSwKICAicHJlZGljYXRlVHlwZSI6ICJodHRwczovL21vZGVsX3NpZ25pbmcvc2lnbmF0dXJlL3YxLjAiLA"
    "ogICJwcmVkaWNhdGUiOiB7CiAgICAicmVzb3VyY2VzIjogWwogICAgICB7CiAgICAgICAgImFsZ29yaXRobSI6ICJzaGEyNTYiLA"
    "ogICAgICAgICJuYW1lIjogInNpZ25tZS0xIiwKICAgICAgICAiZGlnZXN0IjogImJjOWE3MTdkYjYwNjRhMzJjYmU5ZWFlNmZjND"
    "A2NTFkZDZkMzZlZjE3NTcxODNmNTkwZWZmMmIxNzY1ZDdlYmMiCiAgICAgIH0sCiAgICAgIHsKICAgICAgICAiYWxnb3JpdGhtIj"
    "ogInNoYTI1NiIsCiAgICAgICAgIm5hbWUiOiAic2lnbm1lLTIiLAogICAgICAgICJkaWdlc3QiOiAiMzJkY2IxZjhlMWFlNTJkNT"
    "k2M2U1NmE2YmEwNmFiNThiNDI0YzE1ZWQyYTZiNzBkMmZlY2ExZDA4OTM3MDAyOCIKICAgICAgfQogICAgXSwKICAgICJzZXJpYW"
    "xpemF0aW9uIjogewogICAgICAiYWxsb3dfc3ltbGlua3MiOiBmYWxzZSwKICAgICAgIm1ldGhvZCI6ICJmaWxlcyIsCiAgICAgIC"
    "JoYXNoX3R5cGUiOiAic2hhMjU2IiwKICAgICAgImlnbm9yZV9wYXRocyI6IFsKICAgICAgICAiLmdpdCIsCiAgICAgICAgIm1vZG"
    "VsLnNpZyIsCiAgICAgICAgImlnbm9yZS1tZSIsCiAgICAgICAgIi5naXRhdHRyaWJ1dGVzIiwKICAgICAgICAiLmdpdGlnbm9yZS"
    "IsCiAgICAgICAgIi5naXRodWIiCiAgICAgIF0KICAgIH0KICB9Cn0=\",\"payloadType\":\"application/vnd.in-toto+json\""
    ",\"signatures\":[{\"sig\":\"MGUCMQCVqSw64cBnPHqbyadq+OIgwQSg7WW8Mztp3dJ++atQsxzbtwafJJ164u7WEXmx5hECMBSiS"
    "huN7OTLec6wLXpHUjFIQA/hhiBCjSzM9Q2cIUZpDmv+tWs1AkNxstJDbNl0lQ==\",\"keyid\":\"\"}]}}";

inline constexpr char kModelTransparencyPublicKey[] =
    "-----BEGIN PUBLIC KEY-----\n"
    "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEsu6rZGBTjxtvRWPMixT+3HyndV0J0Ybt\n"
    "aHZUcO4DEK+OJHO/4e32bb/fbJKSpRgcBsIpKLcVijUomyFOERbd7u+BTPSUjGZD\n"
    "Qq6J7lTvp/EAXQGOKxW9RP0MGX3qAkvi\n"
    "-----END PUBLIC KEY-----\n";

} // namespace fixture
