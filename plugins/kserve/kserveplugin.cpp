// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kserveplugin.h"

#include "kservemodel.h"

using namespace carton;

Result<std::unique_ptr<RunnerModel>> KservePlugin::load(const RunnerLoadContext &context)
{
    Result<std::unique_ptr<KserveModel>> model = KserveModel::connect(context);
    if (!model)
        return model.error();
    return std::unique_ptr<RunnerModel>(std::move(*model));
}
