// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Two python-runner cartons whose models differ by a scale, for `carton diff --run`
// (tst_clidiffrun) and the Compare tab's Outputs (tst_compareoutputs).

#include "selftesttestutil.h"
#include "testsession.h"
#include "testutil.h"

namespace difftest {

// x of every self-test (y = 2x is its expected output).
inline const QList<float> kScaleX{0.f, 1.f, 2.f, -4.f};

// A python-runner carton folder `dir` whose model returns y = x * `scale` (numpy
// float32) after `body` (extra lines of infer_with_tensors), with one self-test
// "t_NAME" on kScaleX. Returns `dir`, or empty when it could not be written.
inline QString writeScaleCarton(const QString &dir, const QString &name, const QByteArray &scale,
                                const QByteArray &body = {})
{
    using namespace carton;
    using namespace selftesttest;
    using namespace Qt::StringLiterals;
    CartonFolder folder;
    folder.info.runner.runnerName = u"python"_s;
    folder.info.runner.requiredFrameworkVersion = u">=3.0"_s;
    folder.info.runner.opts = {{u"entrypoint_package"_s, QString(u"mymodel"_s)},
                               {u"entrypoint_fn"_s, QString(u"get_model"_s)}};
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(4)}))};
    folder.info.outputs = {spec(u"y"_s, DType::Float32, Shape::dims({Dim::value(4)}))};
    QList<double> x, y;
    for (float v : kScaleX) {
        x.append(v);
        y.append(2 * v);
    }
    folder.add(f32({4}, x, u"x"_s));
    folder.add(f32({4}, y, u"y"_s));
    SelfTest t;
    t.name = u"t_"_s + name;
    t.inputs = refs({{"x", "@tensor_data/x"}});
    t.expectedOut = refs({{"y", "@tensor_data/y"}});
    folder.info.selfTests = {t};
    if (!folder.write(dir))
        return {};
    const QByteArray model = "import numpy as np\nimport time\n\nclass Model:\n"
                             "    def infer_with_tensors(self, tensors):\n" +
                             body + "        return {\"y\": tensors[\"x\"] * np.float32(" + scale +
                             ")}\n\ndef get_model():\n    return Model()\n";
    return testutil::writeFile(dir + u"/model/mymodel.py"_s, model) ? dir : QString();
}

} // namespace difftest
