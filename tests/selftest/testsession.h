// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Self-test test helpers: an in-process RunnerSession whose model is a C++
// function, and cartons (unpacked folders) built in code.

#include "format/cartoninfo.h"
#include "format/cartontoml.h"
#include "runner/runnersession.h"
#include "tensor/tensorindex.h"
#include "tensor/tensorio.h"
#include "testutil.h"

#include <QDir>
#include <QList>
#include <functional>

namespace selftesttest {

// A model computed in C++: `model` maps inputs to outputs (or an error).
class FunctionSession final : public carton::RunnerSession {
public:
    using Model = std::function<carton::Result<carton::TensorMap>(const carton::TensorMap &)>;
    explicit FunctionSession(Model model) : m_model(std::move(model)) {}

    carton::Result<carton::TensorMap> infer(const carton::TensorMap &inputs, carton::Progress *) override
    {
        ++calls;
        seenInputs.append(inputs);
        m_log += QStringLiteral("infer %1\n").arg(calls);
        return m_model(inputs);
    }
    QString log() const override { return m_log; }
    std::chrono::nanoseconds loadTime() const override { return std::chrono::milliseconds(5); }

    int calls = 0;
    QList<carton::TensorMap> seenInputs;

private:
    Model m_model;
    QString m_log = QStringLiteral("model loaded\n");
};

// carton.toml + tensor_data for an unpacked carton folder.
struct CartonFolder {
    carton::CartonInfo info;
    QList<carton::Tensor> tensors; // by their names; each gets tensor_data/tN.bin or .toml

    CartonFolder()
    {
        info.modelName = QStringLiteral("test model");
        info.runner.runnerName = QStringLiteral("noop");
        info.runner.requiredFrameworkVersion = QStringLiteral("=1.0.0");
        info.runner.runnerCompatVersion = 1;
    }

    carton::Tensor &add(carton::Tensor t) { return tensors.append(std::move(t)), tensors.last(); }

    // Writes the folder; returns false when a file cannot be written.
    bool write(const QString &dir) const
    {
        QList<carton::TensorIndexEntry> entries;
        for (qsizetype i = 0; i < tensors.size(); ++i) {
            const carton::Tensor &t = tensors.at(i);
            carton::TensorIndexEntry e;
            e.name = t.name();
            e.dtype = t.dtype();
            e.shape = t.shape();
            e.file = QStringLiteral("t%1.%2").arg(i).arg(t.dtype() == carton::DType::String ? u"toml" : u"bin");
            if (!testutil::writeFile(dir + QStringLiteral("/tensor_data/") + *e.file, carton::encodeTensorFile(t)))
                return false;
            entries.append(e);
        }
        return testutil::writeFile(dir + QStringLiteral("/tensor_data/index.toml"),
                                   carton::TensorIndex(entries).serialize()) &&
               testutil::writeFile(dir + QStringLiteral("/carton.toml"), carton::writeCartonToml(info).value()) &&
               testutil::writeFile(dir + QStringLiteral("/model/model.bin"), "model");
    }
};

inline carton::TensorSpec spec(const QString &name, carton::DType dtype, carton::Shape shape)
{
    carton::TensorSpec s;
    s.name = name;
    s.dtype = dtype;
    s.shape = std::move(shape);
    return s;
}

inline carton::TensorRefs refs(std::initializer_list<std::pair<const char *, const char *>> list)
{
    carton::TensorRefs out;
    for (const auto &[k, v] : list)
        out.append({QString::fromUtf8(k), QString::fromUtf8(v)});
    return out;
}

} // namespace selftesttest
