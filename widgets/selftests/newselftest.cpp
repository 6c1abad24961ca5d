// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "newselftest.h"

#include "dataedits.h"
#include "document/cartondocument.h"
#include "recordoutputsdialog.h"
#include "selftest/selftestengine.h"
#include "tensor/tensorinterchange.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>

namespace studio {

namespace newselftest {

QString freeName(const carton::CartonInfo &info)
{
    const QString base = QStringLiteral("from_inputs");
    for (int n = 1;; ++n) {
        const QString name = n == 1 ? base : QStringLiteral("%1_%2").arg(base).arg(n);
        bool taken = false;
        for (const carton::SelfTest &t : info.selfTests)
            taken = taken || t.name == name;
        if (!taken)
            return name;
    }
}

carton::Result<DocumentState> fromFiles(const DocumentState &state, const QStringList &files, int *index)
{
    DocumentState next = state;
    carton::SelfTest test;
    test.name = freeName(state.info);
    for (const QString &path : files) {
        const carton::Result<QStringList> names = dataedits::tensorsInFile(path);
        if (!names)
            return names.error();
        for (const QString &inputName : *names) {
            bool declared = false;
            for (const carton::TensorSpec &spec : state.info.inputs)
                declared = declared || spec.name == inputName;
            if (!declared)
                return carton::makeError(carton::ErrorCode::Usage,
                                         QStringLiteral("tensor \"%1\" names no declared [[input]]: name the file "
                                                        "(.npy) or the tensor (.safetensors) like the input it is for")
                                             .arg(inputName),
                                         path);
            for (const auto &[key, reference] : std::as_const(test.inputs))
                if (key == inputName)
                    return carton::makeError(carton::ErrorCode::Usage,
                                             QStringLiteral("a second tensor for input \"%1\"").arg(inputName), path);
            carton::Result<carton::TensorReaderPtr> reader = dataedits::openTensorFile(
                path, QFileInfo(path).suffix().compare(QStringLiteral("npy"), Qt::CaseInsensitive) == 0 ? QString()
                                                                                                        : inputName);
            if (!reader)
                return reader.error();
            const carton::Result<carton::TensorIndex> tensors = next.files.tensorIndex();
            if (!tensors)
                return tensors.error();
            const QString name = carton::uniqueTensorName(*tensors, *test.name + u'_' + inputName);
            carton::Result<DocumentState> added = dataedits::withImportedTensor(next, name, **reader);
            if (!added)
                return added.error();
            next = std::move(*added);
            test.inputs.append({inputName, QStringLiteral("@tensor_data/") + name});
        }
    }
    if (test.inputs.isEmpty())
        return carton::makeError(carton::ErrorCode::Usage, QStringLiteral("no tensor file was given"));
    next.info.selfTests.append(test);
    *index = int(next.info.selfTests.size()) - 1;
    return next;
}

carton::Result<DocumentState> fromSelfTest(const DocumentState &state, int from, int *index)
{
    if (from < 0 || from >= state.info.selfTests.size())
        return carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("no self_test[%1]").arg(from));
    DocumentState next = state;
    carton::SelfTest test;
    test.name = freeName(state.info);
    test.description = QStringLiteral("inputs of %1").arg(carton::selfTestName(state.info.selfTests.at(from), from));
    test.inputs = state.info.selfTests.at(from).inputs;
    next.info.selfTests.append(test);
    *index = int(next.info.selfTests.size()) - 1;
    return next;
}

} // namespace newselftest

QToolButton *recordingButton(CartonDocument *document, std::function<int()> currentSelfTest,
                             std::function<void(int index)> select, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setObjectName(QStringLiteral("recordMenuButton"));
    button->setText(QCoreApplication::translate("NewSelfTest", "&Record"));
    button->setToolTip(QCoreApplication::translate(
        "NewSelfTest",
        "Record the selected self-test's outputs (the model runs on its inputs; you review what it "
        "returns before it is kept), or make a new self-test from input tensors and record its outputs"));
    button->setPopupMode(QToolButton::InstantPopup);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *menu = new QMenu(button);
    menu->setObjectName(QStringLiteral("recordMenu"));
    button->setMenu(menu);
    const auto record = [document, select, button](int index) {
        select(index);
        openRecordOutputs(document, index, button->window());
    };
    const auto create = [document, record, button](const carton::Result<DocumentState> &next, int index) {
        if (!next) {
            QMessageBox::warning(button, QCoreApplication::translate("NewSelfTest", "New Self-test from Inputs"),
                                 next.error().toString());
            return;
        }
        document->setState(*next, QCoreApplication::translate("NewSelfTest", "New Self-test from Inputs"));
        record(index);
    };
    QObject::connect(menu, &QMenu::aboutToShow, button, [document, currentSelfTest, menu, record, create, button] {
        menu->clear();
        const QList<carton::SelfTest> &tests = document->info().selfTests;
        const int current = currentSelfTest();
        const bool valid = current >= 0 && current < tests.size();
        QAction *outputs =
            menu->addAction(valid ? QCoreApplication::translate("NewSelfTest", "Record Outputs of %1…")
                                        .arg(carton::selfTestName(tests.at(current), current))
                                  : QCoreApplication::translate("NewSelfTest", "Record Outputs (select a self-test)"),
                            button, [record, current] { record(current); });
        outputs->setObjectName(QStringLiteral("recordOutputs"));
        outputs->setEnabled(valid && !document->isReadOnly());
        menu->addSeparator();
        QAction *files = menu->addAction(
            QCoreApplication::translate("NewSelfTest", "New Self-test from Tensor Files…"), button,
            [document, create, button] {
                const QStringList paths = QFileDialog::getOpenFileNames(
                    button, QCoreApplication::translate("NewSelfTest", "Input Tensors"), QString(),
                    QCoreApplication::translate("NewSelfTest", "Tensors (*.npy *.safetensors);;All files (*)"));
                if (paths.isEmpty())
                    return;
                int index = -1;
                const carton::Result<DocumentState> next = newselftest::fromFiles(document->state(), paths, &index);
                create(next, index);
            });
        files->setObjectName(QStringLiteral("newSelfTestFromFiles"));
        for (int i = 0; i < tests.size(); ++i)
            menu->addAction(QCoreApplication::translate("NewSelfTest", "New Self-test with the Inputs of %1")
                                .arg(carton::selfTestName(tests.at(i), i)),
                            button, [document, create, i] {
                                int index = -1;
                                const carton::Result<DocumentState> next =
                                    newselftest::fromSelfTest(document->state(), i, &index);
                                create(next, index);
                            });
        for (QAction *a : menu->actions())
            if (a != outputs && !a->isSeparator())
                a->setEnabled(!document->isReadOnly());
    });
    return button;
}

} // namespace studio
