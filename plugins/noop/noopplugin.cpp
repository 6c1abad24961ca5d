// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "noopplugin.h"

using namespace carton;

namespace {

class NoopModel final : public RunnerModel {
public:
    Result<TensorMap> infer(const TensorMap &inputs) override { return inputs; }
};

} // namespace

Result<std::unique_ptr<RunnerModel>> NoopPlugin::load(const RunnerLoadContext &)
{
    return std::unique_ptr<RunnerModel>(std::make_unique<NoopModel>());
}
