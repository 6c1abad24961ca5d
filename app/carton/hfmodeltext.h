// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "model/hfmodelinfo.h"

#include <QJsonObject>
#include <QString>

namespace cli {

// `carton model` of a Hugging Face model folder: the architecture summary, tokenizer,
// generation settings and model card, as text and as JSON ("hf" object).
QString hfModelText(const carton::HfModelInfo &info);
QJsonObject hfModelJson(const carton::HfModelInfo &info);

} // namespace cli
