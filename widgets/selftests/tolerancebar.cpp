// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tolerancebar.h"

#include "selftestcommand.h"
#include "style/tone.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>

namespace studio {

using namespace Qt::StringLiterals;

ToleranceBar::ToleranceBar(QWidget *parent) : QToolBar(parent)
{
    setObjectName(QStringLiteral("toleranceToolBar"));
    addWidget(new QLabel(tr("Tolerance:")));
    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("tolerancePreset"));
    // Shown in the user's language; the CLI's --preset words (tolerancePresetName)
    // stay for Copy as Command.
    const std::pair<carton::TolerancePreset, QString> presets[] = {
        {carton::TolerancePreset::Exact, tr("exact")},
        {carton::TolerancePreset::Close, tr("close")},
        {carton::TolerancePreset::Approximate, tr("approximate")},
        {carton::TolerancePreset::Loose, tr("loose")},
    };
    for (const auto &[preset, label] : presets)
        m_preset->addItem(label, int(preset));
    m_preset->setCurrentIndex(1);
    m_preset->setToolTip(tr("Tolerance level; per-dtype figures (float16 and bfloat16 are looser)"));
    addWidget(m_preset);
    m_rtol = addEdit(u" rtol "_s, u"rtolEdit"_s,
                     tr("Relative tolerance for every output (1e-4), or per output (y:1e-3), comma-separated"));
    m_atol = addEdit(u" atol "_s, u"atolEdit"_s,
                     tr("Absolute tolerance for every output (1e-6), or per output (y:1e-3), comma-separated"));
    m_cartonTolerances = new QCheckBox(tr("Carton's tolerances"));
    m_cartonTolerances->setObjectName(QStringLiteral("cartonTolerances"));
    m_cartonTolerances->setChecked(true);
    m_cartonTolerances->setToolTip(tr("Use the tolerances the carton carries in [self_test.tolerance]"));
    addWidget(m_cartonTolerances);
    // Upstream's own test.carton contradicts its [[input]] specs: without this its
    // self-test cannot run at all, with it the model runs and the report says why
    // it fails.
    m_ignoreSpecMismatch = new QCheckBox(tr("Run despite spec mismatches"));
    m_ignoreSpecMismatch->setObjectName(QStringLiteral("ignoreSpecMismatch"));
    m_ignoreSpecMismatch->setToolTip(tr("Run self-tests whose tensors contradict [[input]] or [[output]] instead of "
                                        "reporting them as \"cannot run\""));
    addWidget(m_ignoreSpecMismatch);
    auto *spacer = new QWidget;
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    addWidget(spacer);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ToleranceBar::changed);
    connect(m_cartonTolerances, &QCheckBox::toggled, this, &ToleranceBar::changed);
}

QLineEdit *ToleranceBar::addEdit(const QString &label, const QString &name, const QString &tip)
{
    addWidget(new QLabel(label));
    auto *edit = new QLineEdit;
    edit->setObjectName(name);
    edit->setPlaceholderText(tr("from preset"));
    edit->setToolTip(tip);
    const int width = fontMetrics().horizontalAdvance(u"x:1e-05, 1e-08"_s) + 30;
    edit->setMinimumWidth(width);
    edit->setMaximumWidth(2 * width);
    edit->setClearButtonEnabled(true);
    addWidget(edit);
    connect(edit, &QLineEdit::editingFinished, this, [this] {
        markErrors();
        emit changed();
    });
    return edit;
}

void ToleranceBar::markErrors()
{
    for (QLineEdit *edit : {m_rtol, m_atol}) {
        QStringList errors;
        for (const QString &v : SelfTestCommand::toleranceValues(edit->text())) {
            carton::ToleranceSettings probe;
            const carton::Status s = probe.applyOption(edit == m_rtol ? u"rtol" : u"atol", v);
            if (!s)
                errors.append(s.error().message);
        }
        // A red frame, as the editors mark errors: legible in the light and the dark theme.
        edit->setStyleSheet(
            errors.isEmpty() ? QString() : u"QLineEdit { border: 2px solid %1; }"_s.arg(toneFrame(Tone::Bad).name()));
        if (!errors.isEmpty())
            edit->setToolTip(errors.join(u'\n'));
    }
}

carton::Result<carton::ToleranceSettings> ToleranceBar::settings() const
{
    carton::ToleranceSettings settings;
    settings.preset = carton::TolerancePreset(m_preset->currentData().toInt());
    settings.useCartonTolerances = m_cartonTolerances->isChecked();
    for (const auto &[edit, option] : {std::pair{m_rtol, u"rtol"}, std::pair{m_atol, u"atol"}}) {
        for (const QString &value : SelfTestCommand::toleranceValues(edit->text())) {
            const carton::Status applied = settings.applyOption(option, value);
            if (!applied)
                return applied.error();
        }
    }
    return settings;
}

void ToleranceBar::describe(SelfTestCommand &command) const
{
    command.preset = carton::TolerancePreset(m_preset->currentData().toInt());
    command.rtol = m_rtol->text();
    command.atol = m_atol->text();
    command.ignoreCartonTolerances = !m_cartonTolerances->isChecked();
    command.ignoreSpecMismatch = m_ignoreSpecMismatch->isChecked();
}

} // namespace studio
