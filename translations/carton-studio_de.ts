<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CartonState</name>
    <message>
        <source>Opening…</source>
        <translation>Wird geöffnet…</translation>
    </message>
    <message>
        <source>Could not be opened</source>
        <translation>Konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>1 file failed verification</source>
        <translation>1 Datei hat die Prüfung nicht bestanden</translation>
    </message>
    <message>
        <source>%1 files failed verification</source>
        <translation>%1 Dateien haben die Prüfung nicht bestanden</translation>
    </message>
    <message>
        <source>Not a valid carton: 1 error</source>
        <translation>Kein gültiges Carton: 1 Fehler</translation>
    </message>
    <message>
        <source>Not a valid carton: %1 errors</source>
        <translation>Kein gültiges Carton: %1 Fehler</translation>
    </message>
    <message>
        <source>This carton has a problem that makes it invalid; see the Diagnostics panel.</source>
        <translation>Dieses Carton hat ein Problem, das es ungültig macht; siehe Diagnose-Bereich.</translation>
    </message>
    <message>
        <source>This carton has %1 problems that make it invalid; see the Diagnostics panel.</source>
        <translation>Dieses Carton hat %1 Probleme, die es ungültig machen; siehe Diagnose-Bereich.</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>1 file verified</source>
        <translation>1 Datei geprüft</translation>
    </message>
    <message>
        <source>All %1 files verified</source>
        <translation>Alle %1 Dateien geprüft</translation>
    </message>
    <message>
        <source>Not verified: cancelled</source>
        <translation>Nicht geprüft: abgebrochen</translation>
    </message>
    <message>
        <source>Verification was cancelled: the files have not all been checked against MANIFEST. Press F5 to verify.</source>
        <translation>Die Prüfung wurde abgebrochen: Nicht alle Dateien wurden mit MANIFEST abgeglichen. Drücken Sie F5, um zu prüfen.</translation>
    </message>
    <message>
        <source>Not verified</source>
        <translation>Nicht geprüft</translation>
    </message>
    <message>
        <source>Signature invalid</source>
        <translation>Signatur ungültig</translation>
    </message>
    <message>
        <source>Safety findings: %1 critical, %2 high</source>
        <translation>Sicherheitsbefunde: %1 kritisch, %2 hoch</translation>
    </message>
    <message>
        <source>The signature next to this carton does not sign what is in it; see the Signature row of the Overview.</source>
        <translation>Die Signatur neben diesem Carton signiert nicht seinen Inhalt; siehe die Zeile „Signatur“ in der Übersicht.</translation>
    </message>
    <message>
        <source>The safety scan found %1 critical and %2 high findings in what this carton would load or run; see the Safety tab before running it.</source>
        <translation>Die Sicherheitsprüfung fand %1 kritische und %2 hohe Befunde in dem, was dieser Carton laden oder ausführen würde; sehen Sie sich den Reiter „Sicherheit“ an, bevor Sie ihn ausführen.</translation>
    </message>
    <message>
        <source>Checking the signature…</source>
        <translation>Signatur wird geprüft…</translation>
    </message>
    <message>
        <source>Scanning for safety…</source>
        <translation>Sicherheitsprüfung läuft…</translation>
    </message>
    <message>
        <source>Unsafe entry left out: %1</source>
        <translation>Unsicherer Eintrag ausgelassen: %1</translation>
    </message>
    <message>
        <source>%1 unsafe entries left out, the first: %2</source>
        <translation>%1 unsichere Einträge ausgelassen, der erste: %2</translation>
    </message>
    <message>
        <source>This archive has entries that would be written outside its folder (%1). They were left out, and the carton is open read-only: it cannot be extracted or saved.</source>
        <translation>Dieses Archiv hat Einträge, die außerhalb seines Ordners geschrieben würden (%1). Sie wurden ausgelassen, und das Carton ist schreibgeschützt geöffnet: Es kann weder entpackt noch gespeichert werden.</translation>
    </message>
    <message>
        <source>1 file failed verification: %1</source>
        <translation>1 Datei hat die Prüfung nicht bestanden: %1</translation>
    </message>
    <message>
        <source>%1 files failed verification; the first: %2. See the Diagnostics panel.</source>
        <translation>%1 Dateien haben die Prüfung nicht bestanden; die erste: %2. Siehe den Bereich „Diagnose“.</translation>
    </message>
    <message>
        <source>Carton source: no MANIFEST yet</source>
        <translation>Carton-Quelle: noch kein MANIFEST</translation>
    </message>
    <message>
        <source>This folder is a carton's source: it has no MANIFEST to verify its files against. Packing it (File ▸ Save As…, or carton pack) writes MANIFEST with every file's SHA-256.</source>
        <translation>Dieser Ordner ist die Quelle eines Cartons: Er hat kein MANIFEST, gegen das seine Dateien geprüft werden könnten. Das Packen (Datei ▸ Speichern unter… oder carton pack) schreibt das MANIFEST mit dem SHA-256 jeder Datei.</translation>
    </message>
<message>
        <source>Signed by an unknown key</source>
        <translation>Mit einem unbekannten Schlüssel signiert</translation>
    </message>
    <message>
        <source>Signed by an unknown key %1</source>
        <translation>Mit einem unbekannten Schlüssel signiert: %1</translation>
    </message>
    <message>
        <source>This carton is signed by a key that is not one of your trusted keys: the signature says nothing about who made it. See the Signature row of the Overview to compare the fingerprint and trust the key.</source>
        <translation>Dieser Carton ist mit einem Schlüssel signiert, der nicht zu Ihren vertrauenswürdigen Schlüsseln gehört: Die Signatur sagt nichts darüber, wer ihn erstellt hat. In der Zeile „Signatur“ der Übersicht können Sie den Fingerabdruck vergleichen und dem Schlüssel vertrauen.</translation>
    </message>
</context>
<context>
    <name>FormatText</name>
    <message>
        <source>%1: expected a number &gt;= 0, found %2</source>
        <translation>%1: Zahl &gt;= 0 erwartet, gefunden: %2</translation>
    </message>
    <message>
        <source>%1.equal_nan: expected a boolean, found %2</source>
        <translation>%1.equal_nan: Wahrheitswert erwartet, gefunden: %2</translation>
    </message>
    <message>
        <source>%1.%2: unknown key; expected rtol, atol, equal_nan or a table per output name</source>
        <translation>%1.%2: unbekannter Schlüssel; erwartet: rtol, atol, equal_nan oder eine Tabelle je Ausgabename</translation>
    </message>
    <message>
        <source>%1.%2: unknown key; expected rtol, atol or equal_nan</source>
        <translation>%1.%2: unbekannter Schlüssel; erwartet: rtol, atol oder equal_nan</translation>
    </message>
    <message>
        <source>tolerance: expected a table ([self_test.tolerance]), found %1</source>
        <translation>tolerance: Tabelle erwartet ([self_test.tolerance]), gefunden: %1</translation>
    </message>
    <message>
        <source>tolerance: cannot read</source>
        <translation>tolerance: nicht lesbar</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>%1 erwartet, gefunden: %2</translation>
    </message>
    <message>
        <source>: missing required key</source>
        <translation>: erforderlicher Schlüssel fehlt</translation>
    </message>
    <message>
        <source>missing required key</source>
        <translation>erforderlicher Schlüssel fehlt</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine Ganzzahl</translation>
    </message>
    <message>
        <source>an array of tables ([[%1]])</source>
        <translation>ein Array von Tabellen ([[%1]])</translation>
    </message>
    <message>
        <source>a table</source>
        <translation>eine Tabelle</translation>
    </message>
    <message>
        <source>a string or an array of integers/strings</source>
        <translation>eine Zeichenkette oder ein Array aus Ganzzahlen/Zeichenketten</translation>
    </message>
    <message>
        <source>negative dimension %1; expected a size &gt;= 0, a symbol or "*"</source>
        <translation>negative Dimension %1; erwartet: eine Größe &gt;= 0, ein Symbol oder "*"</translation>
    </message>
    <message>
        <source>an integer &gt;= 0, a symbol string or "*"</source>
        <translation>eine Ganzzahl &gt;= 0, eine Symbol-Zeichenkette oder "*"</translation>
    </message>
    <message>
        <source>unknown dtype "%1"; expected one of float32, float64, string, int8, int16, int32, int64, uint8, uint16, uint32, uint64</source>
        <translation>unbekannter dtype "%1"; erwartet einer von float32, float64, string, int8, int16, int32, int64, uint8, uint16, uint32, uint64</translation>
    </message>
    <message>
        <source>a table of tensor name = "@tensor_data/..." references</source>
        <translation>eine Tabelle aus Tensorname = "@tensor_data/..."-Verweisen</translation>
    </message>
    <message>
        <source>runner: missing required table [runner] (runner_name, required_framework_version, runner_compat_version)</source>
        <translation>runner: erforderliche Tabelle [runner] fehlt (runner_name, required_framework_version, runner_compat_version)</translation>
    </message>
    <message>
        <source>a table ([runner])</source>
        <translation>eine Tabelle ([runner])</translation>
    </message>
    <message>
        <source>a table ([runner.opts])</source>
        <translation>eine Tabelle ([runner.opts])</translation>
    </message>
    <message>
        <source>an integer, float, string or boolean</source>
        <translation>eine Ganzzahl, Gleitkommazahl, Zeichenkette oder ein Wahrheitswert</translation>
    </message>
    <message>
        <source>an array of target triple strings</source>
        <translation>ein Array von Zielplattform-Zeichenketten (target triples)</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>nicht lesbar: %1</translation>
    </message>
    <message>
        <source>cannot read: unknown error</source>
        <translation>nicht lesbar: unbekannter Fehler</translation>
    </message>
    <message>
        <source>more than %1 entries</source>
        <translation>mehr als %1 Einträge</translation>
    </message>
    <message>
        <source>expected '\n' at the end of the last line</source>
        <translation>'\n' am Ende der letzten Zeile erwartet</translation>
    </message>
    <message>
        <source>empty line; expected "path=sha256"</source>
        <translation>leere Zeile; erwartet: "pfad=sha256"</translation>
    </message>
    <message>
        <source>CR before the line end; expected '\n' line endings only</source>
        <translation>CR vor dem Zeilenende; nur '\n' als Zeilenende erwartet</translation>
    </message>
    <message>
        <source>no '='; expected "path=sha256"</source>
        <translation>kein '='; erwartet: "pfad=sha256"</translation>
    </message>
    <message>
        <source>expected 64 lowercase hex digits after '='</source>
        <translation>64 hexadezimale Kleinbuchstaben/Ziffern nach '=' erwartet</translation>
    </message>
    <message>
        <source>, found uppercase hex</source>
        <translation>, gefunden: Hexadezimal in Großbuchstaben</translation>
    </message>
    <message>
        <source>, found spaces</source>
        <translation>, gefunden: Leerzeichen</translation>
    </message>
    <message>
        <source>, found %1 characters</source>
        <translation>, gefunden: %1 Zeichen</translation>
    </message>
    <message>
        <source>empty path before '='</source>
        <translation>leerer Pfad vor '='</translation>
    </message>
    <message>
        <source>path is not valid UTF-8</source>
        <translation>Pfad ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>path "%1" begins with U+FEFF (a byte order mark); expected a path without invisible characters</source>
        <translation>Pfad "%1" beginnt mit U+FEFF (einer Byte-Reihenfolge-Markierung); erwartet: ein Pfad ohne unsichtbare Zeichen</translation>
    </message>
    <message>
        <source>spaces around path "%1"</source>
        <translation>Leerzeichen um den Pfad "%1"</translation>
    </message>
    <message>
        <source>%1 must not list itself or LINKS (found "%2")</source>
        <translation>%1 darf weder sich selbst noch LINKS aufführen (gefunden: "%2")</translation>
    </message>
    <message>
        <source>duplicate entry "%1"</source>
        <translation>doppelter Eintrag "%1"</translation>
    </message>
    <message>
        <source>"%1" is out of order: expected paths sorted by UTF-8 bytes, and it comes before "%2" on the previous line</source>
        <translation>"%1" steht an falscher Stelle: Pfade müssen nach UTF-8-Bytes sortiert sein, und er kommt vor "%2" aus der vorigen Zeile</translation>
    </message>
    <message>
        <source>major version number</source>
        <translation>Hauptversionsnummer</translation>
    </message>
    <message>
        <source>minor version number</source>
        <translation>Nebenversionsnummer</translation>
    </message>
    <message>
        <source>patch version number</source>
        <translation>Patch-Versionsnummer</translation>
    </message>
    <message>
        <source>pre-release identifier</source>
        <translation>Vorabversions-Kennung</translation>
    </message>
    <message>
        <source>build metadata</source>
        <translation>Build-Metadaten</translation>
    </message>
    <message>
        <source>invalid leading zero in %1</source>
        <translation>unzulässige führende Null in %1</translation>
    </message>
    <message>
        <source>value of %1 exceeds u64::MAX</source>
        <translation>Wert von %1 überschreitet u64::MAX</translation>
    </message>
    <message>
        <source>unexpected character %1 while parsing %2</source>
        <translation>unerwartetes Zeichen %1 beim Lesen von %2</translation>
    </message>
    <message>
        <source>unexpected end of input while parsing %1</source>
        <translation>unerwartetes Ende der Eingabe beim Lesen von %1</translation>
    </message>
    <message>
        <source>empty identifier segment in %1</source>
        <translation>leeres Bezeichnersegment in %1</translation>
    </message>
    <message>
        <source>empty string, expected a semver version</source>
        <translation>leere Zeichenkette, erwartet: eine semver-Version</translation>
    </message>
    <message>
        <source>unexpected character %1 after %2</source>
        <translation>unerwartetes Zeichen %1 nach %2</translation>
    </message>
    <message>
        <source>wildcard req (%1) must be the only comparator in the version req</source>
        <translation>Platzhalter-Anforderung (%1) muss der einzige Vergleich in der Versionsanforderung sein</translation>
    </message>
    <message>
        <source>unexpected character after wildcard in version req</source>
        <translation>unerwartetes Zeichen nach dem Platzhalter in der Versionsanforderung</translation>
    </message>
    <message>
        <source>expected comma after %1, found %2</source>
        <translation>Komma nach %1 erwartet, gefunden: %2</translation>
    </message>
    <message>
        <source>excessive number of version comparators</source>
        <translation>zu viele Versionsvergleiche</translation>
    </message>
    <message>
        <source>no version</source>
        <translation>keine Version</translation>
    </message>
    <message>
        <source>any version</source>
        <translation>jede Version</translation>
    </message>
    <message>
        <source>exactly %1</source>
        <translation>genau %1</translation>
    </message>
    <message>
        <source>expected * (any shape), a symbol, [] (a scalar) or a list such as [batch, 3, *] (brackets optional)</source>
        <translation>erwartet: * (jede Form), ein Symbol, [] (ein Skalar) oder eine Liste wie [batch, 3, *] (Klammern optional)</translation>
    </message>
    <message>
        <source>%1: %2 has no closing quote</source>
        <translation>%1: %2 hat kein schließendes Anführungszeichen</translation>
    </message>
    <message>
        <source>%1: a symbol cannot contain a quote</source>
        <translation>%1: ein Symbol darf kein Anführungszeichen enthalten</translation>
    </message>
    <message>
        <source>%1: "" is a symbol without a name</source>
        <translation>%1: "" ist ein Symbol ohne Namen</translation>
    </message>
    <message>
        <source>%1: "%2" is not a size; for dimensions of sizes %3 write [%3]</source>
        <translation>%1: "%2" ist keine Größe; für Dimensionen der Größen %3 schreiben Sie [%3]</translation>
    </message>
    <message>
        <source>%1: "%2" holds a space; quote a symbol with spaces ("%2") or separate dimensions with commas</source>
        <translation>%1: "%2" enthält ein Leerzeichen; setzen Sie ein Symbol mit Leerzeichen in Anführungszeichen ("%2") oder trennen Sie Dimensionen mit Kommas</translation>
    </message>
    <message>
        <source>%1: unexpected '%2' in "%3"</source>
        <translation>%1: unerwartetes '%2' in "%3"</translation>
    </message>
    <message>
        <source>%1: "%2" is neither a size (digits only) nor a symbol; quote a symbol that starts with a digit ("%2")</source>
        <translation>%1: "%2" ist weder eine Größe (nur Ziffern) noch ein Symbol; setzen Sie ein Symbol, das mit einer Ziffer beginnt, in Anführungszeichen ("%2")</translation>
    </message>
    <message>
        <source>%1 is empty; expected a size, a symbol or * between the commas</source>
        <translation>%1 ist leer; erwartet: eine Größe, ein Symbol oder * zwischen den Kommas</translation>
    </message>
    <message>
        <source>%1: %2 is too large</source>
        <translation>%1: %2 ist zu groß</translation>
    </message>
    <message>
        <source>%1 is %2; expected a size &gt;= 0, a symbol or * (a size not fixed in advance is * or a symbol such as batch)</source>
        <translation>%1 ist %2; erwartet: eine Größe &gt;= 0, ein Symbol oder * (eine nicht im Voraus feste Größe ist * oder ein Symbol wie batch)</translation>
    </message>
    <message>
        <source>dimension %1</source>
        <translation>Dimension %1</translation>
    </message>
    <message>
        <source>the shape is empty; </source>
        <translation>die Form ist leer; </translation>
    </message>
    <message>
        <source>"%1" has no closing %2; </source>
        <translation>"%1" hat kein schließendes %2; </translation>
    </message>
    <message>
        <source>"%1" starts with %2; </source>
        <translation>"%1" beginnt mit %2; </translation>
    </message>
    <message>
        <source>the shape</source>
        <translation>die Form</translation>
    </message>
    <message>
        <source>empty target triple</source>
        <translation>leeres Zielplattform-Tripel</translation>
    </message>
    <message>
        <source>"%1" is not a target triple: expected 2 to 4 '-'-separated parts (e.g. x86_64-unknown-linux-gnu), found %2</source>
        <translation>"%1" ist kein Zielplattform-Tripel: erwartet 2 bis 4 durch '-' getrennte Teile (z. B. x86_64-unknown-linux-gnu), gefunden: %2</translation>
    </message>
    <message>
        <source>"%1" has an empty part</source>
        <translation>"%1" hat einen leeren Teil</translation>
    </message>
    <message>
        <source>unknown architecture "%1" in "%2"</source>
        <translation>unbekannte Architektur "%1" in "%2"</translation>
    </message>
    <message>
        <source>unknown vendor, operating system or environment "%1" in "%2"</source>
        <translation>unbekannter Hersteller, unbekanntes Betriebssystem oder unbekannte Umgebung "%1" in "%2"</translation>
    </message>
    <message>
        <source>"%1" does not follow ARCH-[VENDOR-]OS[-ENV]</source>
        <translation>"%1" folgt nicht dem Muster ARCH-[VENDOR-]OS[-ENV]</translation>
    </message>
    <message>
        <source>TOML nested deeper than %1 levels (tables, dotted keys, arrays, inline tables)</source>
        <translation>TOML tiefer als %1 Ebenen verschachtelt (Tabellen, gepunktete Schlüssel, Arrays, Inline-Tabellen)</translation>
    </message>
    <message>
        <source>%1: unknown error</source>
        <translation>%1: unbekannter Fehler</translation>
    </message>
    <message>
        <source>a float</source>
        <translation>eine Gleitkommazahl</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>ein Wahrheitswert</translation>
    </message>
    <message>
        <source>a date</source>
        <translation>ein Datum</translation>
    </message>
    <message>
        <source>a time</source>
        <translation>eine Uhrzeit</translation>
    </message>
    <message>
        <source>a date-time</source>
        <translation>ein Datum mit Uhrzeit</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>tolerance: the self-test's other keys are not valid TOML, so setting the tolerance would lose them (%1)</source>
        <translation>tolerance: Die übrigen Schlüssel des Selbsttests sind kein gültiges TOML; beim Setzen der Toleranz gingen sie verloren (%1)</translation>
    </message>
    <message>
        <source>%1: the keys kept from the file are not valid TOML, so writing would lose them (%2)</source>
        <translation>%1: Die aus der Datei übernommenen Schlüssel sind kein gültiges TOML; beim Schreiben gingen sie verloren (%2)</translation>
    </message>
    <message>
        <source>%1: the kept key %2 has the name of a known field, so writing would lose it</source>
        <translation>%1: Der übernommene Schlüssel %2 trägt den Namen eines bekannten Feldes; beim Schreiben ginge er verloren</translation>
    </message>
    <message>
        <source>top level</source>
        <translation>oberste Ebene</translation>
    </message>
</context>
<context>
    <name>LatencyText</name>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
</context>
<context>
    <name>NewSelfTest</name>
    <message>
        <source>&amp;Record</source>
        <translation>&amp;Aufzeichnen</translation>
    </message>
    <message>
        <source>Record the selected self-test's outputs (the model runs on its inputs; you review what it returns before it is kept), or make a new self-test from input tensors and record its outputs</source>
        <translation>Die Ausgaben des ausgewählten Selbsttests aufzeichnen (das Modell läuft mit seinen Eingaben; Sie prüfen das Ergebnis, bevor es behalten wird) oder einen neuen Selbsttest aus Eingabetensoren anlegen und seine Ausgaben aufzeichnen</translation>
    </message>
    <message>
        <source>New Self-test from Inputs</source>
        <translation>Neuer Selbsttest aus Eingaben</translation>
    </message>
    <message>
        <source>Record Outputs of %1…</source>
        <translation>Ausgaben von %1 aufzeichnen…</translation>
    </message>
    <message>
        <source>Record Outputs (select a self-test)</source>
        <translation>Ausgaben aufzeichnen (einen Selbsttest auswählen)</translation>
    </message>
    <message>
        <source>New Self-test from Tensor Files…</source>
        <translation>Neuer Selbsttest aus Tensordateien…</translation>
    </message>
    <message>
        <source>Input Tensors</source>
        <translation>Eingabetensoren</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.safetensors);;All files (*)</source>
        <translation>Tensoren (*.npy *.safetensors);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>New Self-test with the Inputs of %1</source>
        <translation>Neuer Selbsttest mit den Eingaben von %1</translation>
    </message>
</context>
<context>
    <name>OutputDetailsHtml</name>
    <message>
        <source>absolute</source>
        <translation>absolut</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>relativ</translation>
    </message>
    <message>
        <source>Passes with atol ≥ %1 (rtol %2), or with rtol ≥ %3 (atol %4).</source>
        <translation>Besteht mit atol ≥ %1 (rtol %2) oder mit rtol ≥ %3 (atol %4).</translation>
    </message>
    <message>
        <source>Worst elements</source>
        <translation>Größte Abweichungen</translation>
    </message>
    <message>
        <source>index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>expected</source>
        <translation>erwartet</translation>
    </message>
    <message>
        <source>actual</source>
        <translation>tatsächlich</translation>
    </message>
    <message>
        <source>abs error</source>
        <translation>abs. Fehler</translation>
    </message>
    <message>
        <source>rel error</source>
        <translation>rel. Fehler</translation>
    </message>
    <message>
        <source>Absolute error histogram</source>
        <translation>Histogramm des absoluten Fehlers</translation>
    </message>
    <message>
        <source>Relative error histogram</source>
        <translation>Histogramm des relativen Fehlers</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 … and %2 more</source>
        <translation>%1 … und %2 weitere</translation>
    </message>
    <message>
        <source>%1 dim %2</source>
        <translation>%1 Dim. %2</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>%1 Kopie</translation>
    </message>
    <message>
        <source>Save Carton As</source>
        <translation>Carton speichern unter</translation>
    </message>
    <message>
        <source>Cartons (*.carton);;All files (*)</source>
        <translation>Cartons (*.carton);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>zstd (like upstream Carton)</source>
        <translation>zstd (wie das Original-Carton)</translation>
    </message>
    <message>
        <source>Deflate (any zip tool)</source>
        <translation>Deflate (jedes Zip-Programm)</translation>
    </message>
    <message>
        <source>Stored (no compression)</source>
        <translation>Stored (ohne Kompression)</translation>
    </message>
    <message>
        <source>Compression:</source>
        <translation>Kompression:</translation>
    </message>
</context>
<context>
    <name>ScanText</name>
    <message>
        <source>ELF executable or shared library</source>
        <translation>ELF-Programm oder gemeinsam genutzte Bibliothek</translation>
    </message>
    <message>
        <source>Windows PE executable or DLL</source>
        <translation>Windows-PE-Programm oder DLL</translation>
    </message>
    <message>
        <source>Mach-O executable or library</source>
        <translation>Mach-O-Programm oder -Bibliothek</translation>
    </message>
    <message>
        <source>Mach-O universal (fat) binary</source>
        <translation>Mach-O-Universal-Binärdatei (fat)</translation>
    </message>
    <message>
        <source>script with an interpreter line (#!)</source>
        <translation>Skript mit Interpreterzeile (#!)</translation>
    </message>
    <message>
        <source>%1 reaches the operating system, the network or other code: loading the pickle can run commands</source>
        <translation>%1 erreicht das Betriebssystem, das Netzwerk oder anderen Code: das Laden des Pickles kann Befehle ausführen</translation>
    </message>
    <message>
        <source>%1.%2 evaluates code or reaches any attribute: loading the pickle can run anything</source>
        <translation>%1.%2 wertet Code aus oder erreicht beliebige Attribute: das Laden des Pickles kann alles ausführen</translation>
    </message>
    <message>
        <source>%1.%2 composes calls or resolves names (a known way around deny-lists, e.g. operator.methodcaller, functools.partial)</source>
        <translation>%1.%2 setzt Aufrufe zusammen oder löst Namen auf (ein bekannter Weg um Sperrlisten herum, z. B. operator.methodcaller, functools.partial)</translation>
    </message>
    <message>
        <source>%1.%2 loads another file or pickle, which is not scanned</source>
        <translation>%1.%2 lädt eine andere Datei oder ein anderes Pickle, das nicht geprüft wird</translation>
    </message>
    <message>
        <source>torch.%1 loads or compiles other code</source>
        <translation>torch.%1 lädt oder kompiliert anderen Code</translation>
    </message>
    <message>
        <source>the module or name is not a plain Python identifier ("%1", "%2"): an attribute path or a disguised name</source>
        <translation>Modul oder Name ist kein einfacher Python-Bezeichner ("%1", "%2"): ein Attributpfad oder ein getarnter Name</translation>
    </message>
    <message>
        <source>%1.%2 is not on the allow-list of names PyTorch and numpy checkpoints use: loading the pickle imports it and may call it</source>
        <translation>%1.%2 steht nicht auf der Liste der Namen, die PyTorch- und numpy-Checkpoints verwenden: das Laden des Pickles importiert ihn und ruft ihn womöglich auf</translation>
    </message>
    <message>
        <source>%1: a compressed %2 of %3 bytes, more than the %4 bytes the scan decodes to a temporary file</source>
        <translation>%1: ein komprimiertes %2 von %3 Bytes, mehr als die %4 Bytes, die die Prüfung in eine temporäre Datei entpackt</translation>
    </message>
    <message>
        <source>the scan was cancelled before it read every file</source>
        <translation>die Prüfung wurde abgebrochen, bevor sie jede Datei gelesen hat</translation>
    </message>
    <message>
        <source>not a pickle</source>
        <translation>kein Pickle</translation>
    </message>
    <message>
        <source>its bytes do not disassemble as a pickle: Python's unpickler stops where the disassembly does, having called nothing</source>
        <translation>seine Bytes lassen sich nicht als Pickle disassemblieren: Pythons Unpickler hält dort an, wo die Disassemblierung endet, ohne etwas aufgerufen zu haben</translation>
    </message>
    <message>
        <source>; before that it names %1 (imported, never called)</source>
        <translation>; davor nennt es %1 (importiert, nie aufgerufen)</translation>
    </message>
    <message>
        <source>%1 at offset %2%3%4</source>
        <translation>%1 an Offset %2%3%4</translation>
    </message>
    <message>
        <source> (%1 times)</source>
        <translation> (%1-mal)</translation>
    </message>
    <message>
        <source>imports a name the scanner cannot resolve</source>
        <translation>importiert einen Namen, den die Prüfung nicht auflösen kann</translation>
    </message>
    <message>
        <source>calls something that is not a named import</source>
        <translation>ruft etwas auf, das kein benannter Import ist</translation>
    </message>
    <message>
        <source>what loading the pickle runs cannot be judged: %1</source>
        <translation>was das Laden des Pickles ausführt, lässt sich nicht beurteilen: %1</translation>
    </message>
    <message>
        <source>imports %1</source>
        <translation>importiert %1</translation>
    </message>
    <message>
        <source>%1: more than %2 distinct imports; the rest are not listed</source>
        <translation>%1: mehr als %2 verschiedene Importe; die übrigen sind nicht aufgeführt</translation>
    </message>
    <message>
        <source> (array data)</source>
        <translation> (Array-Daten)</translation>
    </message>
    <message>
        <source>unsafe entry "%1" inside the zip</source>
        <translation>unsicherer Eintrag "%1" im Zip</translation>
    </message>
    <message>
        <source>a tool that extracts this file may write outside its folder or pick either copy</source>
        <translation>ein Werkzeug, das diese Datei entpackt, schreibt womöglich außerhalb seines Ordners oder nimmt eine beliebige der Kopien</translation>
    </message>
    <message>
        <source>%1: a sparse file in a tar (its stored bytes are not its content): not read</source>
        <translation>%1: eine Sparse-Datei in einem tar (ihre gespeicherten Bytes sind nicht ihr Inhalt): nicht gelesen</translation>
    </message>
    <message>
        <source>%1: cannot decode into a temporary file (%2)</source>
        <translation>%1: kann nicht in eine temporäre Datei entpackt werden (%2)</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>zu groß</translation>
    </message>
    <message>
        <source>%1: decoding stopped after %2 of %3 bytes: %4</source>
        <translation>%1: Entpacken nach %2 von %3 Bytes angehalten: %4</translation>
    </message>
    <message>
        <source>%1: a zip that cannot be read: %2</source>
        <translation>%1: ein Zip, das nicht gelesen werden kann: %2</translation>
    </message>
    <message>
        <source>%1: only the first %2 bytes were read for imports</source>
        <translation>%1: nur die ersten %2 Bytes wurden nach Importen durchsucht</translation>
    </message>
    <message>
        <source>no imports</source>
        <translation>keine Importe</translation>
    </message>
    <message>
        <source>imports: %1</source>
        <translation>Importe: %1</translation>
    </message>
    <message>
        <source>; reaching the system or the network: %1</source>
        <translation>; greift auf das System oder das Netzwerk zu: %1</translation>
    </message>
    <message>
        <source>Python code (%1 imports)</source>
        <translation>Python-Code (%1 Importe)</translation>
    </message>
    <message>
        <source>the python runner runs the files in model/ when it loads the model</source>
        <translation>der python-Runner führt die Dateien in model/ aus, wenn er das Modell lädt</translation>
    </message>
    <message>
        <source>a program to run; nothing in a carton needs one</source>
        <translation>ein ausführbares Programm; kein Carton braucht eines</translation>
    </message>
    <message>
        <source>native code does anything it likes when a runner or a model loads it</source>
        <translation>nativer Code tut, was er will, wenn ein Runner oder ein Modell ihn lädt</translation>
    </message>
    <message>
        <source>marked executable</source>
        <translation>als ausführbar markiert</translation>
    </message>
    <message>
        <source>duplicate entry name</source>
        <translation>doppelter Eintragsname</translation>
    </message>
    <message>
        <source>tools disagree on which copy they extract: what is verified may not be what runs</source>
        <translation>Werkzeuge sind uneins, welche Kopie sie entpacken: was geprüft wurde, ist womöglich nicht das, was läuft</translation>
    </message>
    <message>
        <source>symlink that escapes the carton or loops</source>
        <translation>symbolischer Link, der aus dem Carton herausführt oder eine Schleife bildet</translation>
    </message>
    <message>
        <source>extracting it points outside the folder (the reader refuses it)</source>
        <translation>beim Entpacken zeigt er aus dem Ordner heraus (der Leser verweigert ihn)</translation>
    </message>
    <message>
        <source>entry that would escape on extraction</source>
        <translation>Eintrag, der beim Entpacken ausbrechen würde</translation>
    </message>
    <message>
        <source>a naive unzip writes it outside the target folder (the reader refuses it)</source>
        <translation>ein naives Entpacken schreibt ihn außerhalb des Zielordners (der Leser verweigert ihn)</translation>
    </message>
    <message>
        <source>symlink to %1</source>
        <translation>symbolischer Link auf %1</translation>
    </message>
    <message>
        <source>resolved inside the carton; extraction recreates the link</source>
        <translation>innerhalb des Cartons aufgelöst; beim Entpacken wird der Link neu angelegt</translation>
    </message>
    <message>
        <source>archive comment (%1 bytes)</source>
        <translation>Archivkommentar (%1 Bytes)</translation>
    </message>
    <message>
        <source>not part of any file or of MANIFEST: it can carry data nothing verifies</source>
        <translation>gehört zu keiner Datei und nicht zu MANIFEST: er kann Daten tragen, die nichts prüft</translation>
    </message>
    <message>
        <source>entry comment (%1 bytes)</source>
        <translation>Eintragskommentar (%1 Bytes)</translation>
    </message>
    <message>
        <source>not part of the file or of MANIFEST: it can carry data nothing verifies</source>
        <translation>gehört nicht zur Datei und nicht zu MANIFEST: er kann Daten tragen, die nichts prüft</translation>
    </message>
    <message>
        <source> (over plain %1: anyone on the way can change it)</source>
        <translation> (über unverschlüsseltes %1: jeder auf dem Weg kann es verändern)</translation>
    </message>
    <message>
        <source>LINKS downloads from %1</source>
        <translation>LINKS lädt von %1 herunter</translation>
    </message>
    <message>
        <source>fetching the linked file contacts this host</source>
        <translation>das Abrufen der verlinkten Datei kontaktiert diesen Host</translation>
    </message>
    <message>
        <source>remote image from %1 in the description</source>
        <translation>entferntes Bild von %1 in der Beschreibung</translation>
    </message>
    <message>
        <source>showing the description fetches it: the host learns who looks</source>
        <translation>das Anzeigen der Beschreibung ruft es ab: der Host erfährt, wer sie ansieht</translation>
    </message>
    <message>
        <source>remote HTML image from %1 in the description</source>
        <translation>entferntes HTML-Bild von %1 in der Beschreibung</translation>
    </message>
    <message>
        <source>viewers that render HTML fetch it: the host learns who looks</source>
        <translation>Programme, die HTML darstellen, rufen es ab: der Host erfährt, wer sie ansieht</translation>
    </message>
    <message>
        <source>%1 (its hosts cannot be listed)</source>
        <translation>%1 (seine Hosts lassen sich nicht auflisten)</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>%1: not a carton, a zip, a tar or a pickle: the scan reads only those</source>
        <translation>%1: weder ein Carton noch ein Zip, ein tar oder ein Pickle: die Prüfung liest nur diese</translation>
    </message>
<message>
        <source>chat template reaches %1</source>
        <translation>Chat-Vorlage erreicht %1</translation>
    </message>
    <message>
        <source>the chat template is Jinja that runtimes render, some without a sandbox: through these names it can reach Python's classes, globals and modules and run commands</source>
        <translation>die Chat-Vorlage ist Jinja, das Laufzeitumgebungen rendern, manche ohne Sandbox: Über diese Namen erreicht sie Pythons Klassen, globale Variablen und Module und kann Befehle ausführen</translation>
    </message>
    <message numerus="yes">
        <source>chat template (Jinja, %n character(s))</source>
        <translation>
            <numerusform>Chat-Vorlage (Jinja, %n Zeichen)</numerusform>
            <numerusform>Chat-Vorlage (Jinja, %n Zeichen)</numerusform>
        </translation>
    </message>
    <message>
        <source>runtimes render it as a template; it names nothing that leads out of the template</source>
        <translation>Laufzeitumgebungen rendern sie als Vorlage; sie nennt nichts, was aus der Vorlage herausführt</translation>
    </message>
    <message>
        <source>ONNX external data outside the model's folder</source>
        <translation>Externe ONNX-Daten außerhalb des Modellordners</translation>
    </message>
    <message>
        <source>a runtime loading this model reads the file it names (an absolute path or one with "..") as weights: files of the machine it runs on</source>
        <translation>eine Laufzeitumgebung, die dieses Modell lädt, liest die genannte Datei (ein absoluter Pfad oder einer mit „..“) als Gewichte: Dateien des Rechners, auf dem sie läuft</translation>
    </message>
</context>
<context>
    <name>SelfTestDetailsHtml</name>
    <message>
        <source> (first inference)</source>
        <translation> (erste Inferenz)</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Hinweis:</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more key(s): the list on the left has them all.</source>
        <translation>
            <numerusform>… und %n weiterer Schlüssel: Die Liste links enthält alle.</numerusform>
            <numerusform>… und %n weitere Schlüssel: Die Liste links enthält alle.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, in the player below</source>
        <translation>%1, im Player unten</translation>
    </message>
</context>
<context>
    <name>ValidationText</name>
    <message>
        <source>missing: %1</source>
        <translation>fehlt: %1</translation>
    </message>
    <message>
        <source>could not be read or parsed</source>
        <translation>konnte nicht gelesen oder geparst werden</translation>
    </message>
    <message>
        <source>%1 is not stored in the carton; it is fetched from LINKS (%2)</source>
        <translation>%1 ist nicht im Carton gespeichert; es wird über LINKS abgerufen (%2)</translation>
    </message>
    <message>
        <source>%1 is listed but missing: it is not in the carton and LINKS has no URL for its sha256</source>
        <translation>%1 ist aufgeführt, fehlt aber: es ist nicht im Carton, und LINKS hat keine URL für seinen sha256</translation>
    </message>
    <message>
        <source>no entry for carton.toml; MANIFEST must list every file but MANIFEST and LINKS</source>
        <translation>kein Eintrag für carton.toml; MANIFEST muss jede Datei außer MANIFEST und LINKS aufführen</translation>
    </message>
    <message>
        <source>not listed in MANIFEST; MANIFEST must list every file but MANIFEST and LINKS</source>
        <translation>nicht in MANIFEST aufgeführt; MANIFEST muss jede Datei außer MANIFEST und LINKS aufführen</translation>
    </message>
    <message>
        <source>no MANIFEST entry has sha256 %1, so its URLs are never used</source>
        <translation>kein MANIFEST-Eintrag hat sha256 %1, daher werden seine URLs nie verwendet</translation>
    </message>
    <message>
        <source>not part of the Carton v1 layout (carton.toml, MANIFEST, LINKS, model/, tensor_data/, misc/); runners only see model/</source>
        <translation>nicht Teil des Carton-v1-Aufbaus (carton.toml, MANIFEST, LINKS, model/, tensor_data/, misc/); Runner sehen nur model/</translation>
    </message>
    <message>
        <source>folder not part of the Carton v1 layout (model/, tensor_data/, misc/); runners only see model/</source>
        <translation>Ordner nicht Teil des Carton-v1-Aufbaus (model/, tensor_data/, misc/); Runner sehen nur model/</translation>
    </message>
    <message>
        <source>the model folder is missing or empty; it must hold what the runner needs to load the model</source>
        <translation>der Modellordner fehlt oder ist leer; er muss enthalten, was der Runner zum Laden des Modells braucht</translation>
    </message>
    <message>
        <source>the %1 runner loads %2, which the carton does not have</source>
        <translation>der %1-Runner lädt %2, das der Carton nicht hat</translation>
    </message>
    <message>
        <source>every carton describes its model in carton.toml</source>
        <translation>jeder Carton beschreibt sein Modell in carton.toml</translation>
    </message>
    <message>
        <source>no MANIFEST: this folder is a carton source; packing it generates MANIFEST</source>
        <translation>kein MANIFEST: dieser Ordner ist eine Carton-Quelle; beim Packen wird MANIFEST erzeugt</translation>
    </message>
    <message>
        <source>every carton lists its files and their sha256 in MANIFEST</source>
        <translation>jeder Carton führt seine Dateien und deren sha256 in MANIFEST auf</translation>
    </message>
    <message>
        <source>spec_version is %1; expected 1 (Carton spec v1 is the only version there is)</source>
        <translation>spec_version ist %1; erwartet: 1 (Carton-Spezifikation v1 ist die einzige Version)</translation>
    </message>
    <message>
        <source>model_name is empty; give the model a name or leave the field out</source>
        <translation>model_name ist leer; geben Sie dem Modell einen Namen oder lassen Sie das Feld weg</translation>
    </message>
    <message>
        <source>short_description is %1 characters long; at most 100 are allowed (upstream refuses to pack longer ones)</source>
        <translation>short_description ist %1 Zeichen lang; höchstens 100 sind erlaubt (Upstream verweigert das Packen längerer)</translation>
    </message>
    <message>
        <source>%1 is "%2"; expected an http(s) URL such as https://github.com/owner/model</source>
        <translation>%1 ist "%2"; erwartet: eine http(s)-URL wie https://github.com/owner/model</translation>
    </message>
    <message>
        <source>"%1" is not a valid target triple%2; expected e.g. x86_64-unknown-linux-gnu or aarch64-apple-darwin</source>
        <translation>"%1" ist kein gültiges Zielplattform-Tripel%2; erwartet z. B. x86_64-unknown-linux-gnu oder aarch64-apple-darwin</translation>
    </message>
    <message>
        <source>"%1" is listed twice (also required_platforms[%2])</source>
        <translation>"%1" ist doppelt aufgeführt (auch required_platforms[%2])</translation>
    </message>
    <message>
        <source>runner_name is empty; expected the name of the runner that runs the model (%1)</source>
        <translation>runner_name ist leer; erwartet: der Name des Runners, der das Modell ausführt (%1)</translation>
    </message>
    <message>
        <source>unknown runner "%1"; known runners are %2</source>
        <translation>unbekannter Runner "%1"; bekannte Runner sind %2</translation>
    </message>
    <message>
        <source>required_framework_version is empty; expected a semver version requirement such as =2.0.1</source>
        <translation>required_framework_version ist leer; erwartet: eine semver-Versionsanforderung wie =2.0.1</translation>
    </message>
    <message>
        <source>"%1" is not a valid semver version requirement%2; expected e.g. =2.0.1, &gt;=3.8, ^1.2</source>
        <translation>"%1" ist keine gültige semver-Versionsanforderung%2; erwartet z. B. =2.0.1, &gt;=3.8, ^1.2</translation>
    </message>
    <message>
        <source>runner_compat_version is %1; expected a non-negative integer</source>
        <translation>runner_compat_version ist %1; erwartet: eine nicht negative Ganzzahl</translation>
    </message>
    <message>
        <source>option "%1" is given twice</source>
        <translation>Option "%1" ist doppelt angegeben</translation>
    </message>
    <message>
        <source>the %1 runner is not known to read option "%2"%3</source>
        <translation>vom %1-Runner ist nicht bekannt, dass er die Option "%2" liest%3</translation>
    </message>
    <message>
        <source> (it reads none)</source>
        <translation> (er liest keine)</translation>
    </message>
    <message>
        <source> (it reads %1)</source>
        <translation> (er liest %1)</translation>
    </message>
    <message>
        <source>unknown key "%1" is ignored (a typo?); it is not written back when the file is saved</source>
        <translation>unbekannter Schlüssel "%1" wird ignoriert (ein Tippfehler?); er wird beim Speichern nicht zurückgeschrieben</translation>
    </message>
    <message>
        <source>references tensor "%1" but the carton has no readable tensor_data/index.toml</source>
        <translation>verweist auf Tensor "%1", aber der Carton hat keine lesbare tensor_data/index.toml</translation>
    </message>
    <message>
        <source>references tensor "%1", which tensor_data/index.toml does not list</source>
        <translation>verweist auf Tensor "%1", den tensor_data/index.toml nicht aufführt</translation>
    </message>
    <message>
        <source>%1 is declared %2 in %3 but nested tensor "%4" holds %5 tensor ("%6")</source>
        <translation>%1 ist in %3 als %2 deklariert, aber der verschachtelte Tensor "%4" enthält einen %5-Tensor ("%6")</translation>
    </message>
    <message>
        <source>%1 is declared %2 in %3 but references %4 tensor ("%5")</source>
        <translation>%1 ist in %3 als %2 deklariert, verweist aber auf einen %4-Tensor ("%5")</translation>
    </message>
    <message>
        <source>references misc/%1, which is not in the carton</source>
        <translation>verweist auf misc/%1, das nicht im Carton ist</translation>
    </message>
    <message>
        <source>%1 "%2" (line %3 of the description) refers to %4, which is not in the carton</source>
        <translation>%1 "%2" (Zeile %3 der Beschreibung) verweist auf %4, das nicht im Carton ist</translation>
    </message>
    <message>
        <source>%1… (%2 characters)</source>
        <translation>%1… (%2 Zeichen)</translation>
    </message>
    <message>
        <source> … and %1 more</source>
        <translation> … und %1 weitere</translation>
    </message>
    <message>
        <source>"%1" must start with @tensor_data/ or @misc/ (a tensor in tensor_data or a file in misc)</source>
        <translation>"%1" muss mit @tensor_data/ oder @misc/ beginnen (ein Tensor in tensor_data oder eine Datei in misc)</translation>
    </message>
    <message>
        <source>"%1" must start with @tensor_data/: %2 values reference tensors in tensor_data</source>
        <translation>"%1" muss mit @tensor_data/ beginnen: %2-Werte verweisen auf Tensoren in tensor_data</translation>
    </message>
    <message>
        <source>"%1" names nothing; expected %2NAME</source>
        <translation>"%1" benennt nichts; erwartet: %2NAME</translation>
    </message>
    <message>
        <source>"%1" is not a safe relative path inside misc/ (no '..', leading '/', '\\' or empty parts)</source>
        <translation>"%1" ist kein sicherer relativer Pfad in misc/ (kein '..', kein führendes '/', kein '\\' und keine leeren Teile)</translation>
    </message>
    <message>
        <source>"%1" is given twice</source>
        <translation>"%1" ist doppelt angegeben</translation>
    </message>
    <message>
        <source>"%1" is not a declared %2 (declared: %3)</source>
        <translation>"%1" ist kein deklariertes %2 (deklariert: %3)</translation>
    </message>
    <message>
        <source>… and %1 more %2 (only the first %3 are listed)</source>
        <translation>… und %1 weitere %2 (nur die ersten %3 sind aufgeführt)</translation>
    </message>
    <message>
        <source>keys given twice</source>
        <translation>doppelt angegebene Schlüssel</translation>
    </message>
    <message>
        <source>keys that are not a declared %1</source>
        <translation>Schlüssel, die kein deklariertes %1 sind</translation>
    </message>
    <message>
        <source>values that are not valid references</source>
        <translation>Werte, die keine gültigen Verweise sind</translation>
    </message>
    <message>
        <source>tolerance for output "%1", but carton.toml declares no [[output]]</source>
        <translation>Toleranz für Ausgabe "%1", aber carton.toml deklariert kein [[output]]</translation>
    </message>
    <message>
        <source>tolerance for output "%1", which carton.toml does not declare; the outputs are %2</source>
        <translation>Toleranz für Ausgabe "%1", die carton.toml nicht deklariert; die Ausgaben sind %2</translation>
    </message>
    <message>
        <source>%1 more tolerances for outputs carton.toml does not declare</source>
        <translation>%1 weitere Toleranzen für Ausgaben, die carton.toml nicht deklariert</translation>
    </message>
    <message>
        <source>self_test given but carton.toml declares no [[input]] or [[output]]; inputs and outputs must be specified in order to specify test data</source>
        <translation>self_test angegeben, aber carton.toml deklariert kein [[input]] oder [[output]]; Ein- und Ausgaben müssen angegeben sein, damit Testdaten angegeben werden können</translation>
    </message>
    <message>
        <source>self_test inputs given but carton.toml declares no [[input]]</source>
        <translation>self_test-Eingaben angegeben, aber carton.toml deklariert kein [[input]]</translation>
    </message>
    <message>
        <source>self_test has no inputs; the model declares %1</source>
        <translation>self_test hat keine Eingaben; das Modell deklariert %1</translation>
    </message>
    <message>
        <source>expected_out given but carton.toml declares no [[output]]</source>
        <translation>expected_out angegeben, aber carton.toml deklariert kein [[output]]</translation>
    </message>
    <message>
        <source>no tensor for declared inputs %1; the self-test runs without them</source>
        <translation>kein Tensor für die deklarierten Eingaben %1; der Selbsttest läuft ohne sie</translation>
    </message>
    <message>
        <source>no tensor for declared input %1; the self-test runs without it</source>
        <translation>kein Tensor für die deklarierte Eingabe %1; der Selbsttest läuft ohne sie</translation>
    </message>
    <message>
        <source>example given but carton.toml declares no [[input]] or [[output]]; inputs and outputs must be specified in order to specify examples</source>
        <translation>example angegeben, aber carton.toml deklariert kein [[input]] oder [[output]]; Ein- und Ausgaben müssen angegeben sein, damit Beispiele angegeben werden können</translation>
    </message>
    <message>
        <source>example inputs given but carton.toml declares no [[input]]</source>
        <translation>example-Eingaben angegeben, aber carton.toml deklariert kein [[input]]</translation>
    </message>
    <message>
        <source>example sample_out given but carton.toml declares no [[output]]</source>
        <translation>example sample_out angegeben, aber carton.toml deklariert kein [[output]]</translation>
    </message>
    <message>
        <source>%1 "%2" (line %3 of the description) must be a complete https URL or an @misc/ file</source>
        <translation>%1 "%2" (Zeile %3 der Beschreibung) muss eine vollständige https-URL oder eine @misc/-Datei sein</translation>
    </message>
    <message>
        <source>shape symbol '%1' is %2 here but %3 in %4</source>
        <translation>Form-Symbol '%1' ist hier %2, aber %3 in %4</translation>
    </message>
    <message>
        <source>symbol '%1' is %2 here (dim %3) but %4 in %5</source>
        <translation>Symbol '%1' ist hier %2 (Dimension %3), aber %4 in %5</translation>
    </message>
    <message>
        <source>%1 name is empty; every %1 needs a name</source>
        <translation>Name von %1 ist leer; jedes %1 braucht einen Namen</translation>
    </message>
    <message>
        <source>duplicate %1 name "%2" (also %1[%3])</source>
        <translation>doppelter Name von %1 "%2" (auch %1[%3])</translation>
    </message>
    <message>
        <source>unknown dtype "%1"; expected one of %2</source>
        <translation>unbekannter dtype "%1"; erwartet einer von %2</translation>
    </message>
    <message>
        <source>dtype "%1" is not allowed in [[%2]]; expected one of %3</source>
        <translation>dtype "%1" ist in [[%2]] nicht erlaubt; erwartet einer von %3</translation>
    </message>
    <message>
        <source>shape is the empty string: a symbol without a name; use "*" for any shape or name the symbol</source>
        <translation>die Form ist die leere Zeichenkette: ein Symbol ohne Namen; verwenden Sie "*" für jede Form oder benennen Sie das Symbol</translation>
    </message>
    <message>
        <source>shape is the string "%1", a symbol for the whole shape; for one dimension of size %1 write [%1]</source>
        <translation>die Form ist die Zeichenkette "%1", ein Symbol für die ganze Form; für eine Dimension der Größe %1 schreiben Sie [%1]</translation>
    </message>
    <message>
        <source>dimension %1 is %2; expected a non-negative integer, a symbol or "*"</source>
        <translation>Dimension %1 ist %2; erwartet: eine nicht negative Ganzzahl, ein Symbol oder "*"</translation>
    </message>
    <message>
        <source>dimension %1 is the empty string: a symbol without a name; use "*" or name the symbol</source>
        <translation>Dimension %1 ist die leere Zeichenkette: ein Symbol ohne Namen; verwenden Sie "*" oder benennen Sie das Symbol</translation>
    </message>
    <message>
        <source>dimension %1 is the string "%2", which is a symbol, not the size %2; write %2 without quotes</source>
        <translation>Dimension %1 ist die Zeichenkette "%2", also ein Symbol, nicht die Größe %2; schreiben Sie %2 ohne Anführungszeichen</translation>
    </message>
    <message>
        <source>symbol '%1' names the whole shape of %2 but one dimension of %3; the two bind different kinds of values, so they are not checked against each other</source>
        <translation>Symbol '%1' benennt die ganze Form von %2, aber eine Dimension von %3; beide binden verschiedene Arten von Werten und werden daher nicht gegeneinander geprüft</translation>
    </message>
    <message>
        <source>symbol '%1' names one dimension of %2 but the whole shape of %3; the two bind different kinds of values, so they are not checked against each other</source>
        <translation>Symbol '%1' benennt eine Dimension von %2, aber die ganze Form von %3; beide binden verschiedene Arten von Werten und werden daher nicht gegeneinander geprüft</translation>
    </message>
    <message>
        <source>%1 %2s are declared but no [[%3]]; if you specify one input or output, you must specify all inputs and outputs</source>
        <translation>%1 %2s sind deklariert, aber kein [[%3]]; wer eine Ein- oder Ausgabe angibt, muss alle Ein- und Ausgaben angeben</translation>
    </message>
    <message>
        <source>%1 %2 is declared but no [[%3]]; if you specify one input or output, you must specify all inputs and outputs</source>
        <translation>%1 %2 ist deklariert, aber kein [[%3]]; wer eine Ein- oder Ausgabe angibt, muss alle Ein- und Ausgaben angeben</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
    <message>
        <source> (also in %1)</source>
        <translation> (auch in %1)</translation>
    </message>
    <message>
        <source>tensor "%1" of shape %2</source>
        <translation>Tensor "%1" der Form %2</translation>
    </message>
    <message>
        <source>%1 feeds %2 %3 (1 dimension), but %2 is declared %4 (%5)</source>
        <translation>%1 speist %2 %3 (1 Dimension), aber %2 ist als %4 deklariert (%5)</translation>
    </message>
    <message>
        <source>%1 feeds %2 %3 (%6 dimensions), but %2 is declared %4 (%5)</source>
        <translation>%1 speist %2 %3 (%6 Dimensionen), aber %2 ist als %4 deklariert (%5)</translation>
    </message>
    <message>
        <source>a scalar</source>
        <translation>ein Skalar</translation>
    </message>
    <message>
        <source>1 dimension</source>
        <translation>1 Dimension</translation>
    </message>
    <message>
        <source>%1 dimensions</source>
        <translation>%1 Dimensionen</translation>
    </message>
    <message>
        <source>%1 feeds %2 %3: dimension %4 is %5, but it is declared %6 (%7)</source>
        <translation>%1 speist %2 %3: Dimension %4 ist %5, aber als %6 deklariert (%7)</translation>
    </message>
    <message>
        <source>%1: %2symbol '%3' is %4 in %5 (%6, %7) but %8 in %9; a symbol must resolve to the same value across all inputs and outputs</source>
        <translation>%1: %2Symbol '%3' ist %4 in %5 (%6, %7), aber %8 in %9; ein Symbol muss über alle Ein- und Ausgaben hinweg denselben Wert haben</translation>
    </message>
    <message>
        <source>shape %1 has a negative dimension or more than %2 elements</source>
        <translation>Form %1 hat eine negative Dimension oder mehr als %2 Elemente</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs more bytes than a file can hold</source>
        <translation>Form %1 von %2 braucht mehr Bytes, als eine Datei fassen kann</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes; a %3 tensor of shape %4 needs %5 (%6 elements × %7 bytes)</source>
        <translation>%1 enthält %2 Bytes; ein %3-Tensor der Form %4 braucht %5 (%6 Elemente × %7 Bytes)</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, over the %3-byte limit for string tensor files; its element count was not checked</source>
        <translation>%1 ist %2 Bytes groß, über der Grenze von %3 Bytes für String-Tensor-Dateien; seine Elementanzahl wurde nicht geprüft</translation>
    </message>
    <message>
        <source>missing, but tensor_data/ holds %1 files (%2); index.toml must exist whenever tensor_data has other files</source>
        <translation>fehlt, aber tensor_data/ enthält %1 Dateien (%2); index.toml muss vorhanden sein, sobald tensor_data andere Dateien hat</translation>
    </message>
    <message>
        <source>missing, but tensor_data/ holds %1 file (%2); index.toml must exist whenever tensor_data has other files</source>
        <translation>fehlt, aber tensor_data/ enthält %1 Datei (%2); index.toml muss vorhanden sein, sobald tensor_data andere Dateien hat</translation>
    </message>
    <message>
        <source>nested tensor "%1" has no inner tensors</source>
        <translation>verschachtelter Tensor "%1" hat keine inneren Tensoren</translation>
    </message>
    <message>
        <source>nested tensor "%1" lists inner tensor "%2" again (first at inner[%3]); each inner tensor may appear once</source>
        <translation>verschachtelter Tensor "%1" führt den inneren Tensor "%2" erneut auf (zuerst bei inner[%3]); jeder innere Tensor darf nur einmal vorkommen</translation>
    </message>
    <message>
        <source>inner tensor "%1" of nested tensor "%2" is not in the index</source>
        <translation>innerer Tensor "%1" des verschachtelten Tensors "%2" ist nicht im Index</translation>
    </message>
    <message>
        <source>inner tensor "%1" of "%2" is itself nested; inner tensors must not be nested</source>
        <translation>innerer Tensor "%1" von "%2" ist selbst verschachtelt; innere Tensoren dürfen nicht verschachtelt sein</translation>
    </message>
    <message>
        <source>dtype %1 is not a Carton v1 dtype; expected nested or one of %2</source>
        <translation>dtype %1 ist kein Carton-v1-dtype; erwartet: nested oder einer von %2</translation>
    </message>
    <message>
        <source>%1 (tensor "%2") is missing: not in the carton and not in LINKS</source>
        <translation>%1 (Tensor "%2") fehlt: nicht im Carton und nicht in LINKS</translation>
    </message>
    <message>
        <source>not referenced by any tensor in tensor_data/index.toml</source>
        <translation>von keinem Tensor in tensor_data/index.toml referenziert</translation>
    </message>
    <message>
        <source>%1 "%2" is not an %1 of %3 (its %1s: %4)</source>
        <translation>%1 "%2" ist kein %1 von %3 (seine %1s: %4)</translation>
    </message>
    <message>
        <source>%1 "%2" is %3 in carton.toml but %4 in %5</source>
        <translation>%1 "%2" ist in carton.toml %3, aber in %5 %4</translation>
    </message>
    <message>
        <source>%1 "%2" has %3 dimensions in carton.toml (%4) but %5 in %6 (%7)</source>
        <translation>%1 "%2" hat in carton.toml %3 Dimensionen (%4), aber in %6 %5 (%7)</translation>
    </message>
    <message>
        <source>%1 "%2": dimension %3 is %4 in carton.toml but %5 in %6</source>
        <translation>%1 "%2": Dimension %3 ist in carton.toml %4, aber in %6 %5</translation>
    </message>
    <message>
        <source>%1 "%2": dimension %3 is the symbol %4 in carton.toml but fixed to %5 in %6</source>
        <translation>%1 "%2": Dimension %3 ist in carton.toml das Symbol %4, in %6 aber fest %5</translation>
    </message>
    <message>
        <source>%1 "%2": dimension %3 is the symbol %4 in carton.toml and %5 in %6</source>
        <translation>%1 "%2": Dimension %3 ist in carton.toml das Symbol %4 und in %6 %5</translation>
    </message>
    <message>
        <source>%1 takes %2 "%3" (%4 %5) that carton.toml does not declare</source>
        <translation>%1 nimmt %2 "%3" (%4 %5), das carton.toml nicht deklariert</translation>
    </message>
    <message>
        <source>%1: forward takes one dict (%2: %3), so the names of carton.toml's inputs cannot be compared with the model's</source>
        <translation>%1: forward nimmt ein Dict (%2: %3), daher können die Namen der Eingaben in carton.toml nicht mit denen des Modells verglichen werden</translation>
    </message>
    <message>
        <source>%1: forward returns a dict (%2), so the names of carton.toml's outputs cannot be compared with the model's</source>
        <translation>%1: forward gibt ein Dict zurück (%2), daher können die Namen der Ausgaben in carton.toml nicht mit denen des Modells verglichen werden</translation>
    </message>
    <message numerus="yes">
        <source>carton.toml declares %n output(s) but forward in %1 returns %2 (%3)</source>
        <translation>
            <numerusform>carton.toml deklariert %n Ausgabe, aber forward in %1 gibt %2 zurück (%3)</numerusform>
            <numerusform>carton.toml deklariert %n Ausgaben, aber forward in %1 gibt %2 zurück (%3)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>carton::MarkdownRenderer</name>
    <message>
        <source>(The description is too long and was cut.)</source>
        <translation>(Die Beschreibung ist zu lang und wurde gekürzt.)</translation>
    </message>
</context>
<context>
    <name>studio</name>
    <message>
        <source>an unknown amount</source>
        <translation>eine unbekannte Menge</translation>
    </message>
</context>
<context>
    <name>studio::AboutDialog</name>
    <message>
        <source>About %1</source>
        <translation>Über %1</translation>
    </message>
    <message>
        <source>&lt;h2&gt;%1&lt;/h2&gt;&lt;p&gt;Version %2&lt;/p&gt;&lt;p&gt;Browse and check &lt;code&gt;.carton&lt;/code&gt; machine-learning model packages: the model card, inputs and outputs, every file verified against its MANIFEST, the test tensors, and the carton's self-tests run through runner plugins (TorchScript, Python, no-op) in a separate process, with every error figure.&lt;/p&gt;&lt;p&gt;Built with Qt %3, running on Qt %4.&lt;/p&gt;&lt;p&gt;Licensed under the Apache License, Version 2.0.&lt;br&gt;Copyright © Carton Studio contributors.&lt;/p&gt;&lt;p&gt;The Carton format is by Vivek Panyam and contributors (&lt;a href="https://github.com/VivekPanyam/carton"&gt;github.com/VivekPanyam/carton&lt;/a&gt;).&lt;/p&gt;</source>
        <translation>&lt;h2&gt;%1&lt;/h2&gt;&lt;p&gt;Version %2&lt;/p&gt;&lt;p&gt;Durchsuchen und prüfen Sie &lt;code&gt;.carton&lt;/code&gt;-Pakete mit Machine-Learning-Modellen: die Modellkarte, Ein- und Ausgaben, jede Datei geprüft gegen ihr MANIFEST, die Test-Tensoren und die Selbsttests des Cartons, ausgeführt über Runner-Plugins (TorchScript, Python, No-op) in einem eigenen Prozess, mit allen Fehlerkennzahlen.&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %3, läuft mit Qt %4.&lt;/p&gt;&lt;p&gt;Lizenziert unter der Apache License, Version 2.0.&lt;br&gt;Copyright © Carton-Studio-Mitwirkende.&lt;/p&gt;&lt;p&gt;Das Carton-Format stammt von Vivek Panyam und Mitwirkenden (&lt;a href="https://github.com/VivekPanyam/carton"&gt;github.com/VivekPanyam/carton&lt;/a&gt;).&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>studio::BenchmarkDialog</name>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>Pro Sekunde</translation>
    </message>
    <message>
        <source>Mean time of moving the tensors between the app and the runner host, not part of the latency</source>
        <translation>Mittlere Zeit, die Tensoren zwischen App und Runner-Host zu übertragen; nicht Teil der Latenz</translation>
    </message>
    <message>
        <source>Latency histogram:</source>
        <translation>Latenz-Histogramm:</translation>
    </message>
    <message>
        <source>, runner host peak memory %1</source>
        <translation>, Spitzenspeicher des Runner-Hosts %1</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min.</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>Transfer</source>
        <translation>Übertragung</translation>
    </message>
    <message>
        <source>%1 warm-up and %2 timed inferences per self-test. Model load %3</source>
        <translation>%1 Aufwärm- und %2 gemessene Inferenzen je Selbsttest. Modell laden %3</translation>
    </message>
    <message>
        <source>, first inference %1</source>
        <translation>, erste Inferenz %1</translation>
    </message>
</context>
<context>
    <name>studio::CardProbe</name>
    <message>
        <source>The window is gone.</source>
        <translation>Das Fenster ist nicht mehr vorhanden.</translation>
    </message>
    <message>
        <source>No carton was given.</source>
        <translation>Es wurde kein Carton angegeben.</translation>
    </message>
</context>
<context>
    <name>studio::CartonBanners</name>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>%1 wird heruntergeladen…</translation>
    </message>
    <message>
        <source>%1 was deleted or moved; what is shown is what was read before.</source>
        <translation>%1 wurde gelöscht oder verschoben; angezeigt wird der zuvor gelesene Stand.</translation>
    </message>
    <message>
        <source>To save a valid carton, fill in or correct: %1</source>
        <translation>Für ein gültiges Carton ausfüllen oder korrigieren: %1</translation>
    </message>
</context>
<context>
    <name>studio::CartonDocument</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>Replace %1</source>
        <translation>%1 ersetzen</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Rename %1</source>
        <translation>%1 umbenennen</translation>
    </message>
    <message>
        <source>Runner name</source>
        <translation>Runner-Name</translation>
    </message>
    <message>
        <source>Required framework version</source>
        <translation>Erforderliche Framework-Version</translation>
    </message>
    <message>
        <source>Model files</source>
        <translation>Modelldateien</translation>
    </message>
    <message>
        <source>Model name</source>
        <translation>Modellname</translation>
    </message>
    <message>
        <source>Saving was cancelled.</source>
        <translation>Das Speichern wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Recover Unsaved Edits</source>
        <translation>Nicht gespeicherte Änderungen wiederherstellen</translation>
    </message>
    <message>
        <source>Confirm Guessed Fields</source>
        <translation>Aus dem Modell ausgefüllte Felder bestätigen</translation>
    </message>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n Zeichen</numerusform>
            <numerusform>%n Zeichen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::CartonFilesModel</name>
    <message>
        <source>MANIFEST lists the hashes of the other files; its own sha256 is the model hash.</source>
        <translation>MANIFEST listet die Hashes der anderen Dateien; sein eigener SHA-256 ist der Modell-Hash.</translation>
    </message>
    <message>
        <source>LINKS is not part of MANIFEST: it only says where linked files can be fetched.</source>
        <translation>LINKS ist nicht Teil von MANIFEST: Es gibt nur an, wo verknüpfte Dateien abgerufen werden können.</translation>
    </message>
    <message>
        <source>not in archive</source>
        <translation>nicht im Archiv</translation>
    </message>
    <message>
        <source>symlink → %1</source>
        <translation>Symlink → %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>Not listed in MANIFEST</source>
        <translation>Nicht in MANIFEST aufgeführt</translation>
    </message>
    <message>
        <source>sha256 in MANIFEST: %1</source>
        <translation>SHA-256 in MANIFEST: %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Compressed</source>
        <translation>Komprimiert</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Unsafe entries (left out)</source>
        <translation>Unsichere Einträge (ausgelassen)</translation>
    </message>
    <message>
        <source>These entries have unsafe names or links. They were left out: the carton is open read-only and cannot be extracted or saved.</source>
        <translation>Diese Einträge haben unsichere Namen oder Links. Sie wurden ausgelassen: Das Carton ist schreibgeschützt geöffnet und kann weder entpackt noch gespeichert werden.</translation>
    </message>
    <message>
        <source>Unsafe: left out</source>
        <translation>Unsicher: ausgelassen</translation>
    </message>
    <message>
        <source>Not verified</source>
        <translation>Nicht geprüft</translation>
    </message>
    <message>
        <source>%1 bytes in the files below</source>
        <translation>%1 Bytes in den Dateien darunter</translation>
    </message>
    <message>
        <source>remote: %1</source>
        <translation>entfernt: %1</translation>
    </message>
    <message>
        <source>%1 is not in the archive: LINKS lists where to fetch it:
%2</source>
        <translation>%1 ist nicht im Archiv: LINKS nennt, wo es zu holen ist:
%2</translation>
    </message>
<message>
        <source>Written when saving</source>
        <translation>Wird beim Speichern geschrieben</translation>
    </message>
    <message>
        <source>Added from disk</source>
        <translation>Vom Datenträger hinzugefügt</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1 (vorher %2)</translation>
    </message>
    <message>
        <source>%1 is written when saving</source>
        <translation>%1 wird beim Speichern geschrieben</translation>
    </message>
</context>
<context>
    <name>studio::CartonPage</name>
    <message>
        <source>Unsaved edits of %1 could not be kept for recovery: %2</source>
        <translation>Ungespeicherte Änderungen an %1 konnten nicht für die Wiederherstellung gesichert werden: %2</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Carton Changed on Disk</source>
        <translation>Carton auf dem Datenträger geändert</translation>
    </message>
    <message>
        <source>%1 changed on disk. Reload it and lose your unsaved edits, or keep editing (saving will replace the file on disk)?</source>
        <translation>%1 wurde auf dem Datenträger geändert. Neu laden und die ungespeicherten Änderungen verwerfen, oder weiter bearbeiten (beim Speichern wird die Datei auf dem Datenträger ersetzt)?</translation>
    </message>
    <message>
        <source>%1 changed on disk and was reloaded.</source>
        <translation>%1 wurde auf dem Datenträger geändert und neu geladen.</translation>
    </message>
    <message>
        <source>A carton opened from a URL is read-only: save a local copy to edit it</source>
        <translation>Ein über eine URL geöffnetes Carton ist schreibgeschützt: Speichern Sie eine lokale Kopie, um es zu bearbeiten</translation>
    </message>
    <message>
        <source>%1 was not verified: nothing was downloaded.</source>
        <translation>%1 wurde nicht geprüft: Es wurde nichts heruntergeladen.</translation>
    </message>
    <message>
        <source>Entries were left out as unsafe: this carton is read-only</source>
        <translation>Einträge wurden als unsicher ausgelassen: dieses Carton ist schreibgeschützt</translation>
    </message>
</context>
<context>
    <name>studio::CartonSession</name>
    <message>
        <source>sha256 %1 does not match MANIFEST (%2)</source>
        <translation>SHA-256 %1 stimmt nicht mit MANIFEST überein (%2)</translation>
    </message>
    <message>
        <source>could not be read</source>
        <translation>konnte nicht gelesen werden</translation>
    </message>
</context>
<context>
    <name>studio::CartonTabs</name>
    <message>
        <source>Copy &amp;Path</source>
        <translation>&amp;Pfad kopieren</translation>
    </message>
    <message>
        <source>Show in &amp;Folder</source>
        <translation>Im &amp;Ordner zeigen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>Sch&amp;ließen</translation>
    </message>
    <message>
        <source>Close &amp;Others</source>
        <translation>&amp;Andere schließen</translation>
    </message>
    <message>
        <source>Close Tabs to the &amp;Right</source>
        <translation>Tabs &amp;rechts schließen</translation>
    </message>
</context>
<context>
    <name>studio::CartonView</name>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Inputs / Outputs</source>
        <translation>Ein-/Ausgaben</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Tensor Data</source>
        <translation>Tensordaten</translation>
    </message>
    <message>
        <source>Self-tests &amp;&amp; Examples</source>
        <translation>Selbsttests &amp;&amp; Beispiele</translation>
    </message>
    <message>
        <source>Safety</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Edit Carton</source>
        <translation>Carton bearbeiten</translation>
    </message>
    <message>
        <source>Edit metadata, inputs and outputs, self-tests and files (Ctrl+E)</source>
        <translation>Metadaten, Ein- und Ausgaben, Selbsttests und Dateien bearbeiten (Ctrl+E)</translation>
    </message>
<message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Done Editing</source>
        <translation>Bearbeitung beenden</translation>
    </message>
    <message>
        <source>Back to browsing the carton (Ctrl+E); edits stay until you save or close</source>
        <translation>Zurück zum Durchsuchen des Cartons (Ctrl+E); Änderungen bleiben bis zum Speichern oder Schließen erhalten</translation>
    </message>
<message>
        <source>Metadata</source>
        <translation>Metadaten</translation>
    </message>
    </context>
<context>
    <name>studio::CommandLine</name>
    <message>
        <source>Browse and check .carton model packages.</source>
        <translation>.carton-Modellpakete durchsuchen und prüfen.</translation>
    </message>
    <message>
        <source>Once everything is open and verified, save a picture of the window to &lt;file&gt; and quit (implies --new-instance).</source>
        <translation>Nachdem alles geöffnet und geprüft ist, ein Bild des Fensters in &lt;file&gt; speichern und beenden (impliziert --new-instance).</translation>
    </message>
    <message>
        <source>Wait &lt;ms&gt; after the window is idle before the picture.</source>
        <translation>&lt;ms&gt; warten, nachdem das Fenster untätig ist, bevor das Bild entsteht.</translation>
    </message>
    <message>
        <source>Open a new window even when Carton Studio is already running.</source>
        <translation>Ein neues Fenster öffnen, auch wenn Carton Studio bereits läuft.</translation>
    </message>
    <message>
        <source>Quit as soon as the first carton is shown, printing the time it took (startup benchmark; implies --new-instance).</source>
        <translation>Beenden, sobald das erste Carton angezeigt wird, und die benötigte Zeit ausgeben (Startzeit-Benchmark; impliziert --new-instance).</translation>
    </message>
    <message>
        <source>--screenshot-delay expects milliseconds (0 to 600000), got "%1".</source>
        <translation>--screenshot-delay erwartet Millisekunden (0 bis 600000), erhalten: „%1“.</translation>
    </message>
    <message>
        <source>.carton files, unpacked carton folders or http(s) URLs of .carton files to open.</source>
        <translation>Zu öffnende .carton-Dateien, entpackte Carton-Ordner oder http(s)-URLs von .carton-Dateien.</translation>
    </message>
    <message>
        <source>Show this tab of each carton first: a name (overview, inputs, files, model, tensors, tests, safety; in English in every language) or a number (1 = first).</source>
        <translation>Diesen Tab jedes Cartons zuerst zeigen: ein Name (overview, inputs, files, model, tensors, tests, safety; in jeder Sprache auf Englisch) oder eine Nummer (1 = erster).</translation>
    </message>
</context>
<context>
    <name>studio::CompareBackendsDialog</name>
    <message>
        <source>not expected</source>
        <translation>nicht erwartet</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>Compare Backends</source>
        <translation>Backends vergleichen</translation>
    </message>
    <message>
        <source>Triton / KServe server</source>
        <translation>Triton-/KServe-Server</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>the carton's runner (%1)</source>
        <translation>der Runner des Cartons (%1)</translation>
    </message>
    <message>
        <source>A: %1   B:</source>
        <translation>A: %1   B:</translation>
    </message>
    <message>
        <source>Choose backend B and press Compare: the self-tests run on A, then on B, and B's outputs are compared with A's under the panel's tolerances.</source>
        <translation>Wählen Sie Backend B und drücken Sie „Vergleichen“: Die Selbsttests laufen auf A, dann auf B, und die Ausgaben von B werden mit denen von A unter den Toleranzen des Bereichs verglichen.</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>A vs expected</source>
        <translation>A vs. erwartet</translation>
    </message>
    <message>
        <source>B vs expected</source>
        <translation>B vs. erwartet</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B vs. A</translation>
    </message>
    <message>
        <source>Max abs</source>
        <translation>Max. abs.</translation>
    </message>
    <message>
        <source>Max rel</source>
        <translation>Max. rel.</translation>
    </message>
    <message>
        <source>Elements off</source>
        <translation>Abweichende Elemente</translation>
    </message>
    <message>
        <source>Backend A</source>
        <translation>Backend A</translation>
    </message>
    <message>
        <source>Backend B</source>
        <translation>Backend B</translation>
    </message>
    <message>
        <source>Backend B: enter the server's URL (http://HOST:PORT).</source>
        <translation>Backend B: Geben Sie die URL des Servers ein (http://HOST:PORT).</translation>
    </message>
    <message>
        <source>Running the self-tests on backend A…</source>
        <translation>Die Selbsttests laufen auf Backend A…</translation>
    </message>
    <message>
        <source>Running the self-tests on backend B…</source>
        <translation>Die Selbsttests laufen auf Backend B…</translation>
    </message>
    <message>
        <source>A and B agree on all %1 self-tests.</source>
        <translation>A und B stimmen bei allen %1 Selbsttests überein.</translation>
    </message>
    <message>
        <source>A and B disagree on %1 of %2 self-tests.</source>
        <translation>A und B weichen bei %1 von %2 Selbsttests voneinander ab.</translation>
    </message>
    <message>
        <source>A: %1. B: %2.</source>
        <translation>A: %1. B: %2.</translation>
    </message>
    <message>
        <source>%1 could not run: %2</source>
        <translation>%1 konnte nicht laufen: %2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>In the error map A is the expected side and B the actual one.</source>
        <translation>In der Fehlerkarte ist A die erwartete Seite und B die tatsächliche.</translation>
    </message>
    <message>
        <source>Copy as Command</source>
        <translation>Als Befehl kopieren</translation>
    </message>
    <message>
        <source>Copy the carton selftest command line that makes this comparison</source>
        <translation>Die Befehlszeile für carton selftest kopieren, die diesen Vergleich anstellt</translation>
    </message>
    <message>
        <source>Comparing B's outputs with A's…</source>
        <translation>Die Ausgaben von B werden mit denen von A verglichen…</translation>
    </message>
</context>
<context>
    <name>studio::CompareDetails</name>
    <message>
        <source>Tensor comparison</source>
        <translation>Tensorvergleich</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Links</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>Rechts</translation>
    </message>
    <message>
        <source>Elements differing</source>
        <translation>Abweichende Elemente</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>Max. abs. Fehler</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>Max. rel. Fehler</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Model hash</source>
        <translation>Modell-Hash</translation>
    </message>
    <message>
        <source>Identical: both cartons have the same model hash, so every file is the same.</source>
        <translation>Identisch: Beide Cartons haben denselben Modell-Hash, also ist jede Datei gleich.</translation>
    </message>
    <message>
        <source>Select a row to see both values in full, or a file for its diff.</source>
        <translation>Wählen Sie eine Zeile, um beide Werte vollständig zu sehen, oder eine Datei für ihren Unterschied.</translation>
    </message>
    <message>
        <source>breaking</source>
        <translation>inkompatibel</translation>
    </message>
    <message>
        <source>compatible</source>
        <translation>kompatibel</translation>
    </message>
</context>
<context>
    <name>studio::CompareModel</name>
    <message>
        <source>Metadata</source>
        <translation>Metadaten</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Self-tests</source>
        <translation>Selbsttests</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Left: %1</source>
        <translation>Links: %1</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Links</translation>
    </message>
    <message>
        <source>Right: %1</source>
        <translation>Rechts: %1</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>Rechts</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Bedeutung</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>keine Änderungen</translation>
    </message>
    <message numerus="yes">
        <source>%n breaking</source>
        <translation>
            <numerusform>%n inkompatibel</numerusform>
            <numerusform>%n inkompatibel</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n compatible</source>
        <translation>
            <numerusform>%n kompatibel</numerusform>
            <numerusform>%n kompatibel</numerusform>
        </translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>breaking</source>
        <translation>inkompatibel</translation>
    </message>
    <message>
        <source>compatible</source>
        <translation>kompatibel</translation>
    </message>
</context>
<context>
    <name>studio::ComparePage</name>
    <message>
        <source>Changes only</source>
        <translation>Nur Änderungen</translation>
    </message>
    <message>
        <source>Drop a carton here to replace the right side.</source>
        <translation>Legen Sie ein Carton hier ab, um die rechte Seite zu ersetzen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Left:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Links:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Rechts:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Wird verglichen…</translation>
    </message>
    <message>
        <source>Could not compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>no MANIFEST</source>
        <translation>kein MANIFEST</translation>
    </message>
    <message>
        <source>&lt;b&gt;Left:&lt;/b&gt; %1&lt;br&gt;model hash %2</source>
        <translation>&lt;b&gt;Links:&lt;/b&gt; %1&lt;br&gt;Modell-Hash %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right:&lt;/b&gt; %1&lt;br&gt;model hash %2</source>
        <translation>&lt;b&gt;Rechts:&lt;/b&gt; %1&lt;br&gt;Modell-Hash %2</translation>
    </message>
    <message>
        <source>Identical: same model hash</source>
        <translation>Identisch: gleicher Modell-Hash</translation>
    </message>
    <message>
        <source>Different: %1 breaking, %2 compatible</source>
        <translation>Unterschiedlich: %1 inkompatibel, %2 kompatibel</translation>
    </message>
    <message>
        <source>Compare %1 with %2</source>
        <translation>%1 mit %2 vergleichen</translation>
    </message>
    <message>
        <source>Compare %1 With</source>
        <translation>%1 vergleichen mit</translation>
    </message>
    <message>
        <source>Cartons (*.carton);;All files (*)</source>
        <translation>Cartons (*.carton);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Swap Sides</source>
        <translation>Seiten &amp;tauschen</translation>
    </message>
    <message>
        <source>Compare the right carton with the left one: what was added becomes removed</source>
        <translation>Das rechte Carton mit dem linken vergleichen: Hinzugefügtes wird zu Entferntem</translation>
    </message>
<message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Drop a carton or model file here to replace the right side.</source>
        <translation>Ein Carton oder eine Modelldatei hier ablegen, um die rechte Seite zu ersetzen.</translation>
    </message>
    <message>
        <source>Stop comparing (the weights of large models take a while to read)</source>
        <translation>Vergleich abbrechen (die Gewichte großer Modelle zu lesen dauert eine Weile)</translation>
    </message>
    <message>
        <source>&amp;Package</source>
        <translation>&amp;Paket</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>&amp;Gewichte</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>G&amp;raph</translation>
    </message>
    <message>
        <source>Comparison cancelled</source>
        <translation>Vergleich abgebrochen</translation>
    </message>
    <message>
        <source>%1 is only on the right side.</source>
        <translation>%1 gibt es nur auf der rechten Seite.</translation>
    </message>
    <message>
        <source>%1 is only on the left side.</source>
        <translation>%1 gibt es nur auf der linken Seite.</translation>
    </message>
    <message>
        <source>%1 changed shape: the sides cannot be shown cell by cell.</source>
        <translation>%1 hat die Form geändert: die Seiten lassen sich nicht Zelle für Zelle zeigen.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Click a weight in the chart or the table to see both sides and their difference.</source>
        <translation>Ein Gewicht im Diagramm oder in der Tabelle anklicken, um beide Seiten und ihre Differenz zu sehen.</translation>
    </message>
    <message>
        <source>No model weights on either side.</source>
        <translation>Auf keiner Seite gibt es Modellgewichte.</translation>
    </message>
    <message>
        <source>%1 weights: %2 unchanged, %3 changed, %4 added, %5 removed</source>
        <translation>%1 Gewichte: %2 unverändert, %3 geändert, %4 hinzugefügt, %5 entfernt</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>Nicht gelesen: %1</translation>
    </message>
    <message>
        <source>No ONNX graphs to compare.</source>
        <translation>Keine ONNX-Graphen zu vergleichen.</translation>
    </message>
    <message>
        <source>%1 nodes matched by structure; %2 changes</source>
        <translation>%1 Knoten nach Struktur zugeordnet; %2 Änderungen</translation>
    </message>
    <message>
        <source>Cartons and models (*.carton *.onnx *.pt *.pth *.safetensors *.gguf *.bin);;All files (*)</source>
        <translation>Cartons und Modelle (*.carton *.onnx *.pt *.pth *.safetensors *.gguf *.bin);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source> — %1; weights %2 changed, %3 added, %4 removed</source>
        <translation> — %1; Gewichte %2 geändert, %3 hinzugefügt, %4 entfernt</translation>
    </message>
<message>
        <source>&amp;Outputs</source>
        <translation>&amp;Ausgaben</translation>
    </message>
</context>
<context>
    <name>studio::DTypeDelegate</name>
    <message>
        <source>The element type of the tensor</source>
        <translation>Der Elementtyp des Tensors</translation>
    </message>
</context>
<context>
    <name>studio::DescriptionBrowser</name>
    <message>
        <source>Image not shown: %1</source>
        <translation>Bild nicht angezeigt: %1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Remote image not loaded: %1</source>
        <translation>Entferntes Bild nicht geladen: %1</translation>
    </message>
    <message>
        <source>Image not shown</source>
        <translation>Bild nicht angezeigt</translation>
    </message>
    <message>
        <source>no carton</source>
        <translation>kein Carton</translation>
    </message>
    <message>
        <source>larger than %1</source>
        <translation>größer als %1</translation>
    </message>
    <message>
        <source>HTTP status %1</source>
        <translation>HTTP-Status %1</translation>
    </message>
    <message>
        <source>unreadable image</source>
        <translation>nicht lesbares Bild</translation>
    </message>
    <message>
        <source>Link not opened: only http and https links are followed.</source>
        <translation>Link nicht geöffnet: Nur http- und https-Links werden geöffnet.</translation>
    </message>
</context>
<context>
    <name>studio::DiagnosticsDock</name>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 Fehler</translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation>%1 Fehler</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 Warnung</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 Warnungen</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>1 info</source>
        <translation>1 Hinweis</translation>
    </message>
    <message>
        <source>%1 infos</source>
        <translation>%1 Hinweise</translation>
    </message>
    <message>
        <source>Diagnostics (%1)</source>
        <translation>Diagnose (%1)</translation>
    </message>
    <message>
        <source>&amp;Use the Model's Signature</source>
        <translation>Signatur des &amp;Modells verwenden</translation>
    </message>
    <message>
        <source>Take [[input]] and [[output]] from the model file's own signature (Fill from Model)</source>
        <translation>[[input]] und [[output]] aus der Signatur der Modelldatei übernehmen (Aus Modell füllen)</translation>
    </message>
</context>
<context>
    <name>studio::DiagnosticsModel</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>studio::DocumentActions</name>
    <message>
        <source>&amp;New Carton</source>
        <translation>&amp;Neues Carton</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Edit Carton</source>
        <translation>Carton &amp;bearbeiten</translation>
    </message>
    <message>
        <source>Switch between browsing the carton and editing it</source>
        <translation>Zwischen Durchsuchen und Bearbeiten des Cartons wechseln</translation>
    </message>
    <message>
        <source>Open the carton folder %1 to edit and save as a .carton</source>
        <translation>Den Carton-Ordner %1 öffnen, um ihn zu bearbeiten und als .carton zu speichern</translation>
    </message>
    <message>
        <source>Start a new carton with %1 under model/</source>
        <translation>Ein neues Carton mit %1 unter model/ beginnen</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <source>Cannot Start a Carton</source>
        <translation>Carton kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1 cannot be packed: %2</source>
        <translation>%1 kann nicht gepackt werden: %2</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>%1 has unsafe entries that were left out; it cannot be saved.</source>
        <translation>%1 enthält unsichere Einträge, die ausgelassen wurden; es kann nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>Save With Errors?</source>
        <translation>Trotz Fehlern speichern?</translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n error(s); upstream Carton may refuse to load it.</source>
        <translation>
            <numerusform>%1 hat %n Fehler; das Original-Carton lehnt das Laden möglicherweise ab.</numerusform>
            <numerusform>%1 hat %n Fehler; das Original-Carton lehnt das Laden möglicherweise ab.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save Anyway</source>
        <translation>Trotzdem speichern</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>%1 wird gespeichert…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Saving %1… %2 of %3</source>
        <translation>%1 wird gespeichert… %2 von %3</translation>
    </message>
    <message>
        <source>Save Failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 was not saved; nothing on disk changed.

%2</source>
        <translation>%1 wurde nicht gespeichert; auf dem Datenträger hat sich nichts geändert.

%2</translation>
    </message>
    <message>
        <source>Unsaved Edits</source>
        <translation>Nicht gespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to %1 before closing?</source>
        <translation>Änderungen an %1 vor dem Schließen speichern?</translation>
    </message>
    <message>
        <source>Your edits are lost if you don't save them.</source>
        <translation>Ihre Änderungen gehen verloren, wenn Sie sie nicht speichern.</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>Recover Unsaved Edits?</source>
        <translation>Nicht gespeicherte Änderungen wiederherstellen?</translation>
    </message>
    <message>
        <source>Carton Studio did not close normally. Recover the unsaved edits of %1 (autosaved %2)?</source>
        <translation>Carton Studio wurde nicht normal beendet. Die nicht gespeicherten Änderungen an %1 (automatisch gesichert %2) wiederherstellen?</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Ask Again Later</source>
        <translation>Später erneut fragen</translation>
    </message>
    <message>
        <source>Cannot Recover</source>
        <translation>Wiederherstellen nicht möglich</translation>
    </message>
    <message>
        <source>The carton the edits belong to cannot be opened: %1</source>
        <translation>Das Carton, zu dem die Änderungen gehören, kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>%1 cannot be saved while a value typed in it is not applied. Correct it (or type the value to keep), then save.</source>
        <translation>%1 kann nicht gespeichert werden, solange ein darin eingegebener Wert nicht übernommen ist. Korrigieren Sie ihn (oder geben Sie den Wert ein, der bleiben soll) und speichern Sie dann.</translation>
    </message>
</context>
<context>
    <name>studio::ErrorMapPane</name>
    <message>
        <source>|actual − expected|</source>
        <translation>|tatsächlich − erwartet|</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>Relativer Fehler</translation>
    </message>
    <message>
        <source>Excess over tolerance (&gt; 0 fails)</source>
        <translation>Überschreitung der Toleranz (&gt; 0 scheitert)</translation>
    </message>
    <message>
        <source>Jump to Worst</source>
        <translation>Zur größten Abweichung</translation>
    </message>
    <message>
        <source>Show the element with the largest error in the map and in both tensors</source>
        <translation>Das Element mit dem größten Fehler in der Karte und in beiden Tensoren zeigen</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Zeigen:</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>Tatsächlich</translation>
    </message>
    <message>
        <source>Error map</source>
        <translation>Fehlerkarte</translation>
    </message>
    <message>
        <source>Run the self-tests and pick an output to see where it differs.</source>
        <translation>Führen Sie die Selbsttests aus und wählen Sie eine Ausgabe, um zu sehen, wo sie abweicht.</translation>
    </message>
    <message>
        <source>No expected tensor.</source>
        <translation>Kein erwarteter Tensor.</translation>
    </message>
    <message>
        <source>The model did not return this output.</source>
        <translation>Das Modell hat diese Ausgabe nicht geliefert.</translation>
    </message>
    <message>
        <source>No error map: one side is missing.</source>
        <translation>Keine Fehlerkarte: Eine Seite fehlt.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>No error map: %1</source>
        <translation>Keine Fehlerkarte: %1</translation>
    </message>
    <message>
        <source>%1 of %2 elements outside the tolerance</source>
        <translation>%1 von %2 Elementen außerhalb der Toleranz</translation>
    </message>
    <message>
        <source>Every element within the tolerance</source>
        <translation>Alle Elemente innerhalb der Toleranz</translation>
    </message>
</context>
<context>
    <name>studio::ErrorPage</name>
    <message>
        <source>Try Again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Close Tab</source>
        <translation>Tab schließen</translation>
    </message>
</context>
<context>
    <name>studio::ExtractJob</name>
    <message>
        <source>Extracting…</source>
        <translation>Wird entpackt…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Extract</source>
        <translation>Entpacken</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Extracting %1…</source>
        <translation>%1 wird entpackt…</translation>
    </message>
</context>
<context>
    <name>studio::FilePreview</name>
    <message>
        <source>%1 is played once the carton is saved.</source>
        <translation>%1 wird abgespielt, sobald der Carton gespeichert ist.</translation>
    </message>
    <message>
        <source>%1 is not in the archive: it is listed in LINKS (not fetched).</source>
        <translation>%1 ist nicht im Archiv: Die Datei ist in LINKS aufgeführt (nicht abgerufen).</translation>
    </message>
    <message>
        <source>%1 is not in the archive.</source>
        <translation>%1 ist nicht im Archiv.</translation>
    </message>
    <message>
        <source>image larger than %1 is not previewed</source>
        <translation>Bilder größer als %1 werden nicht in der Vorschau gezeigt</translation>
    </message>
</context>
<context>
    <name>studio::FileViewer</name>
    <message>
        <source>Select a file to see its contents.</source>
        <translation>Wählen Sie eine Datei, um ihren Inhalt zu sehen.</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>(showing the first %1)</source>
        <translation>(die ersten %1 werden gezeigt)</translation>
    </message>
    <message>
        <source>— binary; first %1 bytes:</source>
        <translation>— binär; die ersten %1 Bytes:</translation>
    </message>
    <message numerus="yes">
        <source>— animated, %n frames</source>
        <translation>
            <numerusform>— animiert, %n Bild</numerusform>
            <numerusform>— animiert, %n Bilder</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::FilesPage</name>
    <message>
        <source>Extract…</source>
        <translation>Entpacken…</translation>
    </message>
    <message>
        <source>Extract the selected files (or everything when nothing is selected) into a folder</source>
        <translation>Die ausgewählten Dateien (oder alles, wenn nichts ausgewählt ist) in einen Ordner entpacken</translation>
    </message>
    <message>
        <source>Extract Everything To</source>
        <translation>Alles entpacken nach</translation>
    </message>
    <message numerus="yes">
        <source>Extract %n File(s) To</source>
        <translation>
            <numerusform>%n Datei entpacken nach</numerusform>
            <numerusform>%n Dateien entpacken nach</numerusform>
        </translation>
    </message>
    <message>
        <source>Extract</source>
        <translation>Entpacken</translation>
    </message>
    <message>
        <source>The folder %1 is not empty. Files with the same names will be replaced. Continue?</source>
        <translation>Der Ordner %1 ist nicht leer. Dateien mit gleichem Namen werden ersetzt. Fortfahren?</translation>
    </message>
    <message numerus="yes">
        <source>Extracted %n file(s) (%1) to %2.</source>
        <translation>
            <numerusform>%n Datei (%1) nach %2 entpackt.</numerusform>
            <numerusform>%n Dateien (%1) nach %2 entpackt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n linked file(s) were not fetched.</source>
        <translation>
            <numerusform>%n verknüpfte Datei wurde nicht abgerufen.</numerusform>
            <numerusform>%n verknüpfte Dateien wurden nicht abgerufen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Extraction cancelled; nothing was left behind.</source>
        <translation>Entpacken abgebrochen; es wurde nichts zurückgelassen.</translation>
    </message>
    <message>
        <source>Extraction failed: %1</source>
        <translation>Entpacken fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Extraction failed:
%1</source>
        <translation>Entpacken fehlgeschlagen:
%1</translation>
    </message>
    <message>
        <source>This carton has unsafe entries (see Diagnostics): it is open read-only and cannot be extracted</source>
        <translation>Dieses Carton enthält unsichere Einträge (siehe Diagnose): Es ist schreibgeschützt geöffnet und kann nicht entpackt werden</translation>
    </message>
    <message>
        <source>Filter files (Ctrl+F)</source>
        <translation>Dateien filtern (Ctrl+F)</translation>
    </message>
    <message>
        <source>Copy &amp;Path</source>
        <translation>&amp;Pfad kopieren</translation>
    </message>
    <message>
        <source>Copy &amp;SHA-256</source>
        <translation>&amp;SHA-256 kopieren</translation>
    </message>
    <message>
        <source>SHA-256 copied to the clipboard.</source>
        <translation>SHA-256 in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Path copied to the clipboard.</source>
        <translation>Pfad in die Zwischenablage kopiert.</translation>
    </message>
<message>
        <source>Add to:</source>
        <translation>Hinzufügen zu:</translation>
    </message>
    <message>
        <source>Where added files go: model/ for the model, misc/ for images, audio and video the description or examples use</source>
        <translation>Wohin hinzugefügte Dateien kommen: model/ für das Modell, misc/ für Bilder, Audio und Video, die die Beschreibung oder die Beispiele verwenden</translation>
    </message>
    <message>
        <source>Add &amp;Files…</source>
        <translation>&amp;Dateien hinzufügen…</translation>
    </message>
    <message>
        <source>Add F&amp;older…</source>
        <translation>&amp;Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>Re&amp;name</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Nothing added: %1</source>
        <translation>Nichts hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Nothing added: %1 is written when saving</source>
        <translation>Nichts hinzugefügt: %1 wird beim Speichern geschrieben</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>Datei hinzufügen</translation>
    </message>
    <message numerus="yes">
        <source>Add %n Files</source>
        <translation>
            <numerusform>%n Datei hinzufügen</numerusform>
            <numerusform>%n Dateien hinzufügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %n file(s) under %1</source>
        <translation>
            <numerusform>%n Datei unter %1 hinzugefügt</numerusform>
            <numerusform>%n Dateien unter %1 hinzugefügt</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Files</source>
        <translation>
            <numerusform>%n Datei entfernen</numerusform>
            <numerusform>%n Dateien entfernen</numerusform>
        </translation>
    </message>
    <message>
        <source>Add Files to %1</source>
        <translation>Dateien zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>Add Folder to %1</source>
        <translation>Ordner zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>Drop to add under %1</source>
        <translation>Ablegen, um unter %1 hinzuzufügen</translation>
    </message>
    <message>
        <source>The selected files are not in the saved carton yet: save first.</source>
        <translation>Die ausgewählten Dateien sind noch nicht im gespeicherten Carton: Speichern Sie zuerst.</translation>
    </message>
</context>
<context>
    <name>studio::GraphBodyBar</name>
    <message>
        <source>Main graph</source>
        <translation>Hauptgraph</translation>
    </message>
</context>
<context>
    <name>studio::GraphMinimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>Übersicht: klicken oder ziehen, um die Ansicht zu verschieben</translation>
    </message>
</context>
<context>
    <name>studio::GraphProperties</name>
    <message>
        <source>Body</source>
        <translation>Teilgraph</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <source>Select a node to see its properties.</source>
        <translation>Einen Knoten auswählen, um seine Eigenschaften zu sehen.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>%1, opset %2</source>
        <translation>%1, Opset %2</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message numerus="yes">
        <source>graph (%n node(s))</source>
        <translation>
            <numerusform>Graph (%n Knoten)</numerusform>
            <numerusform>Graph (%n Knoten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <source>Graph input</source>
        <translation>Grapheingabe</translation>
    </message>
    <message>
        <source>Graph output</source>
        <translation>Graphausgabe</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>Aufklappen</translation>
    </message>
</context>
<context>
    <name>studio::GraphToolBar</name>
    <message>
        <source>View</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <source>How the graph is laid out and labelled</source>
        <translation>Wie der Graph angeordnet und beschriftet wird</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Zoom to Selection</source>
        <translation>Auf Auswahl zoomen</translation>
    </message>
    <message>
        <source>Left to Right</source>
        <translation>Links nach rechts</translation>
    </message>
    <message>
        <source>Show Weights as Nodes</source>
        <translation>Gewichte als Knoten zeigen</translation>
    </message>
    <message>
        <source>Shapes on Edges</source>
        <translation>Formen an Kanten</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>PNG exportieren…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>SVG exportieren…</translation>
    </message>
    <message>
        <source>Find node, op or tensor (Enter: next)</source>
        <translation>Knoten, Operator oder Tensor suchen (Enter: nächster)</translation>
    </message>
    <message>
        <source>Show the whole graph (Ctrl+0)</source>
        <translation>Den ganzen Graphen zeigen (Strg+0)</translation>
    </message>
    <message>
        <source>Zoom to the selected node (Ctrl+Shift+0)</source>
        <translation>Auf den ausgewählten Knoten zoomen (Strg+Umschalt+0)</translation>
    </message>
    <message>
        <source>Lay the graph out from left to right instead of top down</source>
        <translation>Den Graphen von links nach rechts statt von oben nach unten anordnen</translation>
    </message>
    <message>
        <source>Draw constants and weights as nodes of their own instead of inside the nodes that use them</source>
        <translation>Konstanten und Gewichte als eigene Knoten zeichnen statt in den Knoten, die sie verwenden</translation>
    </message>
    <message>
        <source>Label each edge with its tensor's type and shape, where the file says them</source>
        <translation>Jede Kante mit Typ und Form ihres Tensors beschriften, wo die Datei sie angibt</translation>
    </message>
</context>
<context>
    <name>studio::HeatmapData</name>
    <message>
        <source>The slice does not fit the tensor.</source>
        <translation>Der Ausschnitt passt nicht zum Tensor.</translation>
    </message>
</context>
<context>
    <name>studio::HeatmapView</name>
    <message>
        <source>row %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>rows %1–%2, columns %3–%4</source>
        <translation>Zeilen %1–%2, Spalten %3–%4</translation>
    </message>
    <message>
        <source>: min %1, max %2</source>
        <translation>: Min. %1, Max. %2</translation>
    </message>
    <message>
        <source> (and %1)</source>
        <translation> (und %1)</translation>
    </message>
    <message>
        <source>log</source>
        <translation>log</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>linear</translation>
    </message>
    <message>
        <source>%1×%2 bins</source>
        <translation>%1×%2 Klassen</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>alle %1</translation>
    </message>
</context>
<context>
    <name>studio::HistogramWidget</name>
    <message>
        <source>max count %1</source>
        <translation>max. Anzahl %1</translation>
    </message>
    <message>
        <source>[%1, %2%3: %4</source>
        <translation>[%1, %2%3: %4</translation>
    </message>
    <message>
        <source>log10(1 + count), max count %1</source>
        <translation>log10(1 + Anzahl), max. Anzahl %1</translation>
    </message>
</context>
<context>
    <name>studio::ImageControls</name>
    <message>
        <source>Auto (0–1 or min … max)</source>
        <translation>Auto (0–1 oder Min … Max)</translation>
    </message>
    <message>
        <source>1–99 percentile</source>
        <translation>1.–99. Perzentil</translation>
    </message>
    <message>
        <source>Type range (0–1, uint8 0–255)</source>
        <translation>Typbereich (0–1, uint8 0–255)</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>Manuell</translation>
    </message>
    <message>
        <source>Per channel</source>
        <translation>Je Kanal</translation>
    </message>
    <message>
        <source>Normalise each channel on its own range (otherwise one range for all channels)</source>
        <translation>Jeden Kanal auf seinen eigenen Bereich normieren (sonst ein Bereich für alle Kanäle)</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>Grau</translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <source>Diverging (signed)</source>
        <translation>Divergierend (vorzeichenbehaftet)</translation>
    </message>
    <message>
        <source>Range:</source>
        <translation>Bereich:</translation>
    </message>
    <message>
        <source>Colormap:</source>
        <translation>Farbskala:</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>range %1, per channel</source>
        <translation>Bereich %1, je Kanal</translation>
    </message>
    <message>
        <source>range %1, global</source>
        <translation>Bereich %1, global</translation>
    </message>
</context>
<context>
    <name>studio::ImageDecoder</name>
    <message>
        <source>not an image format this application can read</source>
        <translation>kein Bildformat, das diese Anwendung lesen kann</translation>
    </message>
    <message>
        <source>image too large (%1 × %2 pixels)</source>
        <translation>Bild zu groß (%1 × %2 Pixel)</translation>
    </message>
</context>
<context>
    <name>studio::ImageView</name>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Scale large images down to the view</source>
        <translation>Große Bilder auf die Ansicht verkleinern</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel</source>
        <translation>Ein Bildpixel pro Bildschirmpixel</translation>
    </message>
    <message>
        <source>shown at %1 %</source>
        <translation>angezeigt mit %1 %</translation>
    </message>
</context>
<context>
    <name>studio::ImportHfDialog</name>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Link the weights (LINKS entries to the Hub) instead of downloading them</source>
        <translation>Gewichte ver&amp;linken (LINKS-Einträge zum Hub), statt sie herunterzuladen</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Import from Hugging Face</source>
        <translation>Aus Hugging Face importieren</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>&amp;Repository:</translation>
    </message>
    <message>
        <source>Re&amp;vision:</source>
        <translation>Re&amp;vision:</translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation>&amp;Endpunkt:</translation>
    </message>
    <message>
        <source>&amp;Save as:</source>
        <translation>&amp;Speichern unter:</translation>
    </message>
    <message>
        <source>Cartons (*.carton)</source>
        <translation>Cartons (*.carton)</translation>
    </message>
    <message>
        <source>The endpoint must be an http(s) address, not "%1".</source>
        <translation>Der Endpunkt muss eine http(s)-Adresse sein, nicht "%1".</translation>
    </message>
    <message>
        <source>Importing %1@%2…</source>
        <translation>%1@%2 wird importiert…</translation>
    </message>
    <message>
        <source>Imported into %1.</source>
        <translation>In %1 importiert.</translation>
    </message>
    <message>
        <source>Import cancelled; the files downloaded so far are kept for the next import.</source>
        <translation>Import abgebrochen; die bisher heruntergeladenen Dateien bleiben für den nächsten Import erhalten.</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>V&amp;orschau</translation>
    </message>
    <message>
        <source>Preview lists the repository's files, the architecture, the license and the parameters of each weights file, read before anything large is downloaded.</source>
        <translation>Die Vorschau zeigt die Dateien des Repositorys, die Architektur, die Lizenz und die Parameter jeder Gewichtsdatei – gelesen, bevor etwas Großes heruntergeladen wird.</translation>
    </message>
    <message>
        <source>Reading %1@%2…</source>
        <translation>%1@%2 wird gelesen…</translation>
    </message>
    <message>
        <source>(commit %1)</source>
        <translation>(Commit %1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 Schichten</translation>
    </message>
    <message>
        <source>hidden size %1</source>
        <translation>Hidden Size %1</translation>
    </message>
    <message>
        <source>%1 attention heads</source>
        <translation>%1 Attention-Heads</translation>
    </message>
    <message>
        <source>vocabulary %1</source>
        <translation>Vokabular %1</translation>
    </message>
    <message>
        <source>context %1</source>
        <translation>Kontext %1</translation>
    </message>
    <message>
        <source>Architecture (config.json): %1</source>
        <translation>Architektur (config.json): %1</translation>
    </message>
    <message>
        <source>The model card names no license.</source>
        <translation>Die Modellkarte nennt keine Lizenz.</translation>
    </message>
    <message>
        <source>License (model card): %1</source>
        <translation>Lizenz (Modellkarte): %1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Taken as</source>
        <translation>Übernahme</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>Tensoren</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>Typen</translation>
    </message>
    <message>
        <source>link</source>
        <translation>verlinken</translation>
    </message>
    <message>
        <source>download</source>
        <translation>herunterladen</translation>
    </message>
    <message>
        <source>Files to download: %1 (%2). Files to link: %3 (%4).</source>
        <translation>Dateien zum Herunterladen: %1 (%2). Zu verlinkende Dateien: %3 (%4).</translation>
    </message>
    <message>
        <source>Parameters: %1.</source>
        <translation>Parameter: %1.</translation>
    </message>
    <message>
        <source>%1 read for this preview; nothing has been downloaded yet.</source>
        <translation>%1 für diese Vorschau gelesen; noch nichts heruntergeladen.</translation>
    </message>
    <message>
        <source>%1: the server ignored the Range requests and sent the whole file; %2 of its %3 were read, then the transfers were stopped.</source>
        <translation>%1: Der Server hat die Range-Anfragen ignoriert und die ganze Datei gesendet; %2 von %3 wurden gelesen, dann wurden die Übertragungen beendet.</translation>
    </message>
</context>
<context>
    <name>studio::KeepToleranceButton</name>
    <message>
        <source>Keep as Tolerance</source>
        <translation>Als Toleranz übernehmen</translation>
    </message>
    <message>
        <source>Write the smallest tolerance that passes, rounded up, into the carton's [self_test.tolerance]</source>
        <translation>Die kleinste Toleranz, mit der der Test besteht, aufgerundet in [self_test.tolerance] des Cartons schreiben</translation>
    </message>
    <message>
        <source>For This Output</source>
        <translation>Für diese Ausgabe</translation>
    </message>
    <message>
        <source>For the Whole Self-test</source>
        <translation>Für den ganzen Selbsttest</translation>
    </message>
    <message>
        <source>For Output “%1”: atol %2, rtol %3</source>
        <translation>Für Ausgabe „%1“: atol %2, rtol %3</translation>
    </message>
    <message>
        <source>For the Whole Self-test: atol %1, rtol %2</source>
        <translation>Für den ganzen Selbsttest: atol %1, rtol %2</translation>
    </message>
    <message>
        <source>Keep Tolerance for %1</source>
        <translation>Toleranz für %1 übernehmen</translation>
    </message>
    <message>
        <source>Keep Tolerance for %1 / %2</source>
        <translation>Toleranz für %1 / %2 übernehmen</translation>
    </message>
</context>
<context>
    <name>studio::LatencyHistogram</name>
    <message numerus="yes">
        <source>%n inference(s) in the fullest bin</source>
        <translation>
            <numerusform>%n Inferenz im vollsten Intervall</numerusform>
            <numerusform>%n Inferenzen im vollsten Intervall</numerusform>
        </translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>&gt; %1</source>
        <translation>&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>%n slower, up to %1 (right bar)</source>
        <translation>
            <numerusform>%n langsamer, bis %1 (rechter Balken)</numerusform>
            <numerusform>%n langsamer, bis %1 (rechter Balken)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::LatestJob</name>
    <message>
        <source>Out of memory (std::bad_alloc).</source>
        <translation>Kein Speicher mehr (std::bad_alloc).</translation>
    </message>
    <message>
        <source>Unexpected failure: %1</source>
        <translation>Unerwarteter Fehler: %1</translation>
    </message>
    <message>
        <source>Unexpected failure (an unknown exception).</source>
        <translation>Unerwarteter Fehler (eine unbekannte Ausnahme).</translation>
    </message>
</context>
<context>
    <name>studio::LicenseEdit</name>
    <message>
        <source>%1 is deprecated</source>
        <translation>%1 ist veraltet</translation>
    </message>
</context>
<context>
    <name>studio::MainWindow</name>
    <message>
        <source>Nothing to show for %1</source>
        <translation>Nichts anzuzeigen für %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>&amp;Ordner öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Open &amp;Sample Carton</source>
        <translation>B&amp;eispiel-Carton öffnen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>Sch&amp;ließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Copy Model &amp;Hash</source>
        <translation>Modell-&amp;Hash kopieren</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Next Tab</source>
        <translation>&amp;Nächster Tab</translation>
    </message>
    <message>
        <source>&amp;Previous Tab</source>
        <translation>&amp;Vorheriger Tab</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>Vo&amp;llbild</translation>
    </message>
    <message>
        <source>&amp;Carton</source>
        <translation>&amp;Carton</translation>
    </message>
    <message>
        <source>&amp;Verify Again</source>
        <translation>Erneut &amp;prüfen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Carton Studio</source>
        <translation>&amp;Über Carton Studio</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Open Carton</source>
        <translation>Carton öffnen</translation>
    </message>
    <message>
        <source>Open Carton Folder</source>
        <translation>Carton-Ordner öffnen</translation>
    </message>
    <message>
        <source>Model hash copied</source>
        <translation>Modell-Hash kopiert</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>No carton open.</source>
        <translation>Kein Carton geöffnet.</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>Wird geöffnet…</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
    <message>
        <source>Show the Diagnostics panel</source>
        <translation>Den Diagnose-Bereich anzeigen</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>&amp;Vergleichen mit…</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Run Self-tests</source>
        <translation>&amp;Selbsttests ausführen</translation>
    </message>
    <message>
        <source>&amp;Runners…</source>
        <translation>&amp;Runner…</translation>
    </message>
    <message>
        <source>Cartons and tensor files (*.carton *.safetensors *.npy);;Cartons (*.carton);;Tensor files (*.safetensors *.npy);;All files (*)</source>
        <translation>Cartons und Tensordateien (*.carton *.safetensors *.npy);;Cartons (*.carton);;Tensordateien (*.safetensors *.npy);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The new language applies the next time Carton Studio starts.</source>
        <translation>Die neue Sprache gilt ab dem nächsten Start von Carton Studio.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 Fehler</translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation>%1 Fehler</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 Warnung</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 Warnungen</translation>
    </message>
    <message>
        <source>1 info</source>
        <translation>1 Hinweis</translation>
    </message>
    <message>
        <source>%1 infos</source>
        <translation>%1 Hinweise</translation>
    </message>
    <message>
        <source>Nothing to check in this tab.</source>
        <translation>In diesem Tab gibt es nichts zu prüfen.</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
<message>
        <source>No format problems, but: %1.</source>
        <translation>Keine Formatprobleme, aber: %1.</translation>
    </message>
    <message>
        <source>Import from &amp;Hugging Face…</source>
        <translation>Aus &amp;Hugging Face importieren…</translation>
    </message>
</context>
<context>
    <name>studio::MediaPreview</name>
    <message>
        <source>the player did not load it within %1 s</source>
        <translation>der Player hat sie nicht innerhalb von %1 s geladen</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>Mute</source>
        <translation>Stumm</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Lautstärke</translation>
    </message>
    <message>
        <source>No audio output device</source>
        <translation>Kein Audioausgabegerät</translation>
    </message>
    <message>
        <source>the player cannot decode it</source>
        <translation>der Player kann sie nicht dekodieren</translation>
    </message>
    <message>
        <source>%1 (%2 by its first bytes)</source>
        <translation>%1 (%2 nach den ersten Bytes)</translation>
    </message>
    <message>
        <source>No audio or video selected.</source>
        <translation>Kein Audio oder Video ausgewählt.</translation>
    </message>
    <message>
        <source>it is not audio or video</source>
        <translation>sie ist weder Audio noch Video</translation>
    </message>
    <message>
        <source>its name says %1 but its content is %2, not audio or video</source>
        <translation>ihr Name deutet auf %1, ihr Inhalt ist aber %2, weder Audio noch Video</translation>
    </message>
    <message>
        <source>Copying %1 out of the carton to play it…</source>
        <translation>%1 wird zum Abspielen aus dem Carton kopiert …</translation>
    </message>
    <message>
        <source>Copying %1 out of the carton to play it… %2 %</source>
        <translation>%1 wird zum Abspielen aus dem Carton kopiert … %2 %</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen …</translation>
    </message>
    <message>
        <source>%1 cannot be played: %2.</source>
        <translation>%1 kann nicht abgespielt werden: %2.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>streamed from the carton</source>
        <translation>direkt aus dem Carton gestreamt</translation>
    </message>
    <message>
        <source>played from a temporary copy</source>
        <translation>aus einer temporären Kopie abgespielt</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
</context>
<context>
    <name>studio::MetadataEditor</name>
    <message>
        <source>Edit Model Name</source>
        <translation>Modellname bearbeiten</translation>
    </message>
    <message>
        <source>Edit Short Description</source>
        <translation>Kurzbeschreibung bearbeiten</translation>
    </message>
    <message>
        <source>Edit License</source>
        <translation>Lizenz bearbeiten</translation>
    </message>
    <message>
        <source>Edit Repository</source>
        <translation>Repository bearbeiten</translation>
    </message>
    <message>
        <source>Edit Homepage</source>
        <translation>Homepage bearbeiten</translation>
    </message>
    <message>
        <source>Insert Image…</source>
        <translation>Bild einfügen…</translation>
    </message>
    <message>
        <source>A name people recognise, e.g. “ResNet-50 image classifier”</source>
        <translation>Ein Name, den man wiedererkennt, z. B. „ResNet-50-Bildklassifikator“</translation>
    </message>
    <message>
        <source>One line: what the model does (at most %1 characters)</source>
        <translation>Eine Zeile: was das Modell tut (höchstens %1 Zeichen)</translation>
    </message>
    <message>
        <source>Characters used; upstream Carton refuses to pack more than %1.</source>
        <translation>Verwendete Zeichen; das Original-Carton packt nicht mehr als %1.</translation>
    </message>
    <message>
        <source>SPDX license, e.g. Apache-2.0 or MIT OR Apache-2.0</source>
        <translation>SPDX-Lizenz, z. B. Apache-2.0 oder MIT OR Apache-2.0</translation>
    </message>
    <message>
        <source>https://github.com/owner/model</source>
        <translation>https://github.com/owner/model</translation>
    </message>
    <message>
        <source>https://example.org/model</source>
        <translation>https://example.org/model</translation>
    </message>
    <message>
        <source>Describe the model in Markdown: what it does, its inputs and outputs, how it was trained. Images: ![caption](@misc/figure.png) — use Insert Image… to add one from disk.</source>
        <translation>Beschreiben Sie das Modell in Markdown: was es tut, seine Ein- und Ausgaben, wie es trainiert wurde. Bilder: ![Bildunterschrift](@misc/figure.png) — mit „Bild einfügen…“ fügen Sie eines vom Datenträger hinzu.</translation>
    </message>
    <message>
        <source>Add an image file to misc/ and show it in the description at the cursor</source>
        <translation>Eine Bilddatei zu misc/ hinzufügen und an der Cursorposition in der Beschreibung zeigen</translation>
    </message>
    <message>
        <source>Model &amp;name:</source>
        <translation>Modell&amp;name:</translation>
    </message>
    <message>
        <source>&amp;Short description:</source>
        <translation>&amp;Kurzbeschreibung:</translation>
    </message>
    <message>
        <source>&amp;License:</source>
        <translation>&amp;Lizenz:</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>&amp;Repository:</translation>
    </message>
    <message>
        <source>&amp;Homepage:</source>
        <translation>&amp;Homepage:</translation>
    </message>
    <message>
        <source>Required &amp;platforms:</source>
        <translation>Erforderliche &amp;Plattformen:</translation>
    </message>
    <message>
        <source>&amp;Description (Markdown):</source>
        <translation>&amp;Beschreibung (Markdown):</translation>
    </message>
    <message>
        <source>Edit Required Platforms</source>
        <translation>Erforderliche Plattformen bearbeiten</translation>
    </message>
    <message>
        <source>Edit Description</source>
        <translation>Beschreibung bearbeiten</translation>
    </message>
    <message>
        <source>The rendered description shows here.</source>
        <translation>Hier erscheint die gerenderte Beschreibung.</translation>
    </message>
    <message>
        <source>%1 is not a readable file</source>
        <translation>%1 ist keine lesbare Datei</translation>
    </message>
    <message>
        <source>%1 is not an image this application can show (%2)</source>
        <translation>%1 ist kein Bild, das diese Anwendung anzeigen kann (%2)</translation>
    </message>
    <message>
        <source>Insert Image %1</source>
        <translation>Bild %1 einfügen</translation>
    </message>
    <message>
        <source>Insert Image</source>
        <translation>Bild einfügen</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.gif *.webp *.svg *.bmp);;All files (*)</source>
        <translation>Bilder (*.png *.jpg *.jpeg *.gif *.webp *.svg *.bmp);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 is larger than the %2 an image may have</source>
        <translation>%1 ist größer als die %2, die ein Bild haben darf</translation>
    </message>
</context>
<context>
    <name>studio::ModelFilePage</name>
    <message>
        <source>New Carton from This Model</source>
        <translation>Neues Carton aus diesem Modell</translation>
    </message>
    <message>
        <source>Start a new carton with this file under model/</source>
        <translation>Ein neues Carton mit dieser Datei unter model/ beginnen</translation>
    </message>
    <message>
        <source>Model file %1</source>
        <translation>Modelldatei %1</translation>
    </message>
<message>
        <source>Compare With…</source>
        <translation>Vergleichen mit…</translation>
    </message>
    <message>
        <source>Review what changed between this model and another model file or carton</source>
        <translation>Prüfen, was sich zwischen diesem Modell und einer anderen Modelldatei oder einem Carton geändert hat</translation>
    </message>
    <message>
        <source>Model folder %1</source>
        <translation>Modellordner %1</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>Signatur:</translation>
    </message>
</context>
<context>
    <name>studio::ModelGraphView</name>
    <message>
        <source>Reading the graph from the archive's code…</source>
        <translation>Graph wird aus dem Code des Archivs gelesen…</translation>
    </message>
    <message>
        <source>forward, read from the archive's code (nothing was run)</source>
        <translation>forward, aus dem Code des Archivs gelesen (nichts wurde ausgeführt)</translation>
    </message>
    <message>
        <source>No graph: %1 ("Inspect with torchscript…" loads the model in the sandbox instead)</source>
        <translation>Kein Graph: %1 („Mit torchscript untersuchen…“ lädt das Modell stattdessen in der Sandbox)</translation>
    </message>
    <message numerus="yes">
        <source>Preparing %n node(s)…</source>
        <translation>
            <numerusform>%n Knoten werden vorbereitet…</numerusform>
            <numerusform>%n Knoten werden vorbereitet…</numerusform>
        </translation>
    </message>
    <message>
        <source>No graph: this file format has none that can be shown.</source>
        <translation>Kein Graph: Dieses Dateiformat hat keinen, der gezeigt werden kann.</translation>
    </message>
    <message>
        <source>Select a model file to see its graph.</source>
        <translation>Wählen Sie eine Modelldatei, um ihren Graphen zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n node(s)…</source>
        <translation>
            <numerusform>%n Knoten wird angeordnet…</numerusform>
            <numerusform>%n Knoten werden angeordnet…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>Model graph</source>
        <translation>Modellgraph</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exportiert nach %1</translation>
    </message>
    <message numerus="yes">
        <source>%n scope(s) collapsed: double-click one to open it</source>
        <translation>
            <numerusform>%n Bereich eingeklappt: Doppelklick öffnet ihn</numerusform>
            <numerusform>%n Bereiche eingeklappt: Doppelklick öffnet einen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n constant(s) shown inside their nodes</source>
        <translation>
            <numerusform>%n Konstante(n) in ihren Knoten gezeigt</numerusform>
            <numerusform>%n Konstante(n) in ihren Knoten gezeigt</numerusform>
        </translation>
    </message>
<message>
        <source>Find node, op or tensor (Enter: next)</source>
        <translation>Knoten, Operator oder Tensor suchen (Enter: nächster)</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>PNG exportieren…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>SVG exportieren…</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>Graph input</source>
        <translation>Graph-Eingabe</translation>
    </message>
    <message>
        <source>Graph output</source>
        <translation>Graph-Ausgabe</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>Aufklappen</translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation>Export nicht möglich: %1</translation>
    </message>
    </context>
<context>
    <name>studio::ModelPage</name>
    <message>
        <source>This file holds weights only: it has no graph.</source>
        <translation>Diese Datei enthält nur Gewichte: Sie hat keinen Graphen.</translation>
    </message>
    <message>
        <source>forward, as the torchscript runner loaded it in the sandbox (inspection)</source>
        <translation>forward, wie der torchscript-Runner es in der Sandbox geladen hat (Untersuchung)</translation>
    </message>
    <message>
        <source>Filter weights (Ctrl+F)</source>
        <translation>Gewichte filtern (Ctrl+F)</translation>
    </message>
    <message>
        <source>Select a weight to see its values.</source>
        <translation>Wählen Sie ein Gewicht, um seine Werte zu sehen.</translation>
    </message>
    <message>
        <source>Model files are read when this page is shown.</source>
        <translation>Die Modelldateien werden gelesen, wenn diese Seite gezeigt wird.</translation>
    </message>
    <message>
        <source>Reading model files…</source>
        <translation>Modelldateien werden gelesen…</translation>
    </message>
    <message>
        <source>Not a model file that can be read: %1</source>
        <translation>Keine lesbare Modelldatei: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n model file(s)</source>
        <translation>
            <numerusform>%n Modelldatei</numerusform>
            <numerusform>%n Modelldateien</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 parameters (%2)</source>
        <translation>%1 Parameter (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n could not be read</source>
        <translation>
            <numerusform>%n konnte nicht gelesen werden</numerusform>
            <numerusform>%n konnten nicht gelesen werden</numerusform>
        </translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Inspect with torchscript…</source>
        <translation>Mit torchscript untersuchen…</translation>
    </message>
    <message>
        <source>Load model/model.pt in the torchscript runner, in the sandbox, without running it, and show forward's signature and ops</source>
        <translation>model/model.pt im torchscript-Runner in der Sandbox laden, ohne es auszuführen, und die Signatur und Operatoren von forward zeigen</translation>
    </message>
    <message>
        <source>Inspecting the model in the torchscript runner…</source>
        <translation>Das Modell wird im torchscript-Runner untersucht…</translation>
    </message>
    <message>
        <source>Inspection failed</source>
        <translation>Untersuchung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>%1 is a plain Python pickle (protocol %2), not a PyTorch file</source>
        <translation>%1 ist ein einfaches Python-Pickle (Protokoll %2), keine PyTorch-Datei</translation>
    </message>
    <message>
        <source>No model weights to show: %1. torch.save and torch.jit.save write zip archives (or, before PyTorch 1.6, a pickle that starts with torch.save's magic number), which are read here; a plain pickle holds Python objects, and reading those would mean running the pickle, which is never done.</source>
        <translation>Keine Modellgewichte anzuzeigen: %1. torch.save und torch.jit.save schreiben Zip-Archive (vor PyTorch 1.6 ein Pickle, das mit der magischen Zahl von torch.save beginnt), und diese werden hier gelesen; ein einfaches Pickle enthält Python-Objekte, und sie zu lesen hieße, das Pickle auszuführen, was nie geschieht.</translation>
    </message>
    <message>
        <source>No model file found under model/ (files are recognised by their content: ONNX, GGUF, safetensors, PyTorch).</source>
        <translation>Keine Modelldatei unter model/ gefunden (Dateien werden an ihrem Inhalt erkannt: ONNX, GGUF, safetensors, PyTorch).</translation>
    </message>
<message>
        <source>No model file found under model/ (files are recognised by their content: ONNX, GGUF, safetensors).</source>
        <translation>Keine Modelldatei unter model/ gefunden (Dateien werden an ihrem Inhalt erkannt: ONNX, GGUF, safetensors).</translation>
    </message>
    <message>
        <source>Load %1 in the torchscript runner, in the sandbox, without running it, and show forward's signature and ops</source>
        <translation>%1 im torchscript-Runner in der Sandbox laden, ohne es auszuführen, und die Signatur und Operatoren von forward zeigen</translation>
    </message>
    </context>
<context>
    <name>studio::ModelSummary</name>
    <message>
        <source>%1 values cannot be decoded here</source>
        <translation>%1-Werte können hier nicht dekodiert werden</translation>
    </message>
    <message>
        <source>Cannot show values: %1</source>
        <translation>Werte können nicht gezeigt werden: %1</translation>
    </message>
    <message>
        <source>This %1 file could not be read: %2</source>
        <translation>Diese %1-Datei konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2) in %n weight(s)</source>
        <translation>
            <numerusform>%1 (%2) in %n Gewicht</numerusform>
            <numerusform>%1 (%2) in %n Gewichten</numerusform>
        </translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>Erzeuger</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>Opsets</source>
        <translation>Opsets</translation>
    </message>
    <message>
        <source>IR version</source>
        <translation>IR-Version</translation>
    </message>
    <message>
        <source>Model version</source>
        <translation>Modellversion</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Knoten</numerusform>
            <numerusform>%n Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>GGUF version</source>
        <translation>GGUF-Version</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Metadaten</translation>
    </message>
    <message>
        <source>%1 — read by the runner in its sandbox</source>
        <translation>%1 — vom Runner in seiner Sandbox gelesen</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Signatur</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>TorchScript archive (torch.jit.save)</source>
        <translation>TorchScript-Archiv (torch.jit.save)</translation>
    </message>
    <message>
        <source>torch.save checkpoint (legacy format)</source>
        <translation>torch.save-Checkpoint (altes Format)</translation>
    </message>
    <message>
        <source>torch.save checkpoint</source>
        <translation>torch.save-Checkpoint</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Pickle protocol</source>
        <translation>Pickle-Protokoll</translation>
    </message>
    <message>
        <source>%1 (read without unpickling: nothing in it runs)</source>
        <translation>%1 (gelesen, ohne zu entpickeln: nichts darin wird ausgeführt)</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Not evaluated</source>
        <translation>Nicht ausgewertet</translation>
    </message>
    <message>
        <source>carton.toml</source>
        <translation>carton.toml</translation>
    </message>
    <message>
        <source>nothing in [[input]] or [[output]] contradicts forward</source>
        <translation>nichts in [[input]] oder [[output]] widerspricht forward</translation>
    </message>
    <message>
        <source>carton.toml against %1</source>
        <translation>carton.toml verglichen mit %1</translation>
    </message>
    <message>
        <source>[[input]] and [[output]] agree with the model's signature.</source>
        <translation>[[input]] und [[output]] stimmen mit der Signatur des Modells überein.</translation>
    </message>
    <message>
        <source>%1 in carton.toml, %2 in the model</source>
        <translation>%1 in carton.toml, %2 im Modell</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Use the model's signature</source>
        <translation>Signatur des Modells verwenden</translation>
    </message>
    <message>
        <source>[[input]] and [[output]] from the model, as Fill from Model in edit mode</source>
        <translation>[[input]] und [[output]] aus dem Modell, wie „Aus Modell füllen“ im Bearbeitungsmodus</translation>
    </message>
</context>
<context>
    <name>studio::ModelWeightsModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
</context>
<context>
    <name>studio::OpenRegistryDialog</name>
    <message>
        <source>Open from Registry</source>
        <translation>Aus Registry öffnen</translation>
    </message>
    <message>
        <source>&amp;Repository in an OCI registry (host[:port]/repository):</source>
        <translation>&amp;Repository in einer OCI-Registry (host[:port]/repository):</translation>
    </message>
    <message>
        <source>&amp;List Tags</source>
        <translation>Tags &amp;auflisten</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>Tags:</translation>
    </message>
    <message>
        <source>Asking %1 for its tags…</source>
        <translation>%1 wird nach seinen Tags gefragt…</translation>
    </message>
    <message>
        <source>%1 has no tags.</source>
        <translation>%1 hat keine Tags.</translation>
    </message>
    <message numerus="yes">
        <source>%n tag(s) in %1.</source>
        <translation>
            <numerusform>%n Tag in %1.</numerusform>
            <numerusform>%n Tags in %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::OpenUrlDialog</name>
    <message>
        <source>Open URL</source>
        <translation>URL öffnen</translation>
    </message>
    <message>
        <source>&amp;URL of a .carton on an http(s) server, or oci://host/repository:tag of one in a registry:</source>
        <translation>&amp;URL eines .carton auf einem http(s)-Server oder oci://host/repository:tag eines .carton in einer Registry:</translation>
    </message>
    <message>
        <source>Only http:// and https:// URLs with a host and oci:// registry references can be opened.</source>
        <translation>Nur http://- und https://-URLs mit einem Host und oci://-Registry-Referenzen können geöffnet werden.</translation>
    </message>
</context>
<context>
    <name>studio::OutputResultsModel</name>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>expected, but the model did not return it</source>
        <translation>erwartet, aber vom Modell nicht geliefert</translation>
    </message>
    <message>
        <source>unexpected</source>
        <translation>unerwartet</translation>
    </message>
    <message>
        <source>returned by the model, not in expected_out</source>
        <translation>vom Modell geliefert, nicht in expected_out</translation>
    </message>
    <message>
        <source>spec mismatch</source>
        <translation>Spezifikation weicht ab</translation>
    </message>
    <message>
        <source>no sample</source>
        <translation>keine Probe</translation>
    </message>
    <message>
        <source>sample %1</source>
        <translation>Probe %1</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>expected: %1 %2</source>
        <translation>erwartet: %1 %2</translation>
    </message>
    <message>
        <source>actual: %1 %2</source>
        <translation>tatsächlich: %1 %2</translation>
    </message>
    <message>
        <source>The smallest atol (with the rtol applied) that makes every element pass</source>
        <translation>Die kleinste atol (mit der rtol angewandt), bei der jedes Element besteht</translation>
    </message>
    <message>
        <source>The smallest rtol (with the atol applied) that makes every element pass</source>
        <translation>Die kleinste rtol (mit der atol angewandt), bei der jedes Element besteht</translation>
    </message>
    <message>
        <source>NaN and infinities in expected / actual</source>
        <translation>NaN und Unendlichkeiten in erwartet / tatsächlich</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Mismatches</source>
        <translation>Abweichungen</translation>
    </message>
    <message>
        <source>Max abs</source>
        <translation>Max. abs.</translation>
    </message>
    <message>
        <source>Mean abs</source>
        <translation>Mittel abs.</translation>
    </message>
    <message>
        <source>p99 abs</source>
        <translation>p99 abs.</translation>
    </message>
    <message>
        <source>Max rel</source>
        <translation>Max. rel.</translation>
    </message>
    <message>
        <source>Min atol</source>
        <translation>Min. atol</translation>
    </message>
    <message>
        <source>Min rtol</source>
        <translation>Min. rtol</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Toleranz</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 von %2 (%3)</translation>
    </message>
    <message>
        <source>NaN/Inf</source>
        <translation>NaN/Inf</translation>
    </message>
<message>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 von %2 (%3 %)</translation>
    </message>
    <message>
        <source>NaN/Inf (exp / act)</source>
        <translation>NaN/Inf (erw. / tats.)</translation>
    </message>
</context>
<context>
    <name>studio::OverviewPage</name>
    <message>
        <source>Spec version:</source>
        <translation>Spec-Version:</translation>
    </message>
    <message>
        <source>(no MANIFEST)</source>
        <translation>(kein MANIFEST)</translation>
    </message>
    <message>
        <source>Copy the model hash</source>
        <translation>Den Modell-Hash kopieren</translation>
    </message>
    <message>
        <source>Model hash:</source>
        <translation>Modell-Hash:</translation>
    </message>
    <message>
        <source>Load Them</source>
        <translation>Laden</translation>
    </message>
    <message>
        <source>Fetch the images over https and remember the choice for this model</source>
        <translation>Die Bilder über https abrufen und die Wahl für dieses Modell merken</translation>
    </message>
    <message>
        <source>This description has a remote image. Nothing is fetched until you allow it.</source>
        <translation>Diese Beschreibung enthält ein entferntes Bild. Es wird nichts abgerufen, bevor Sie es erlauben.</translation>
    </message>
    <message>
        <source>This description has %1 remote images. Nothing is fetched until you allow it.</source>
        <translation>Diese Beschreibung enthält %1 entfernte Bilder. Es wird nichts abgerufen, bevor Sie es erlauben.</translation>
    </message>
    <message>
        <source>Model hash copied to the clipboard.</source>
        <translation>Modell-Hash in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>Wird geöffnet…</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>Signatur:</translation>
    </message>
    <message>
        <source>%1 (%2 listed in MANIFEST, and MANIFEST/LINKS themselves)</source>
        <translation>%1 (%2 in MANIFEST aufgeführt, dazu MANIFEST/LINKS selbst)</translation>
    </message>
    <message>
        <source>Files:</source>
        <translation>Dateien:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>%1 (%2 packed)</source>
        <translation>%1 (%2 gepackt)</translation>
    </message>
    <message>
        <source>Path:</source>
        <translation>Pfad:</translation>
    </message>
    <message>
        <source>Registry:</source>
        <translation>Registry:</translation>
    </message>
    <message>
        <source>Registry repository:</source>
        <translation>Repository in der Registry:</translation>
    </message>
    <message>
        <source>Digest:</source>
        <translation>Digest:</translation>
    </message>
<message>
        <source>carton.toml could not be read; see the diagnostics.</source>
        <translation>carton.toml konnte nicht gelesen werden; siehe Diagnose.</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>License:</source>
        <translation>Lizenz:</translation>
    </message>
    <message>
        <source>Repository:</source>
        <translation>Repository:</translation>
    </message>
    <message>
        <source>Homepage:</source>
        <translation>Homepage:</translation>
    </message>
    <message>
        <source>Platforms:</source>
        <translation>Plattformen:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <source>Runner:</source>
        <translation>Runner:</translation>
    </message>
    <message>
        <source>Framework version:</source>
        <translation>Framework-Version:</translation>
    </message>
    <message>
        <source>Compat version:</source>
        <translation>Kompat.-Version:</translation>
    </message>
    <message>
        <source>Runner options:</source>
        <translation>Runner-Optionen:</translation>
    </message>
    <message>
        <source>This description has remote images.</source>
        <translation>Diese Beschreibung enthält entfernte Bilder.</translation>
    </message>
    <message>
        <source>No description.</source>
        <translation>Keine Beschreibung.</translation>
    </message>
    </context>
<context>
    <name>studio::PlatformListEdit</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Platforms the model runs on. Double-click or press F2 to edit, Delete to remove.</source>
        <translation>Plattformen, auf denen das Modell läuft. Zum Bearbeiten doppelklicken oder F2 drücken, zum Entfernen Delete.</translation>
    </message>
    <message>
        <source>Add a target triple, e.g. %1</source>
        <translation>Ein Target-Triple hinzufügen, z. B. %1</translation>
    </message>
    <message>
        <source>%1 is in the list already</source>
        <translation>%1 ist bereits in der Liste</translation>
    </message>
    <message>
        <source>Not a target triple: %1</source>
        <translation>Kein Target-Triple: %1</translation>
    </message>
</context>
<context>
    <name>studio::PreferencesDialog</name>
    <message>
        <source>Verify every file against MANIFEST when a carton opens</source>
        <translation>Beim Öffnen eines Cartons jede Datei mit MANIFEST abgleichen</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>System (%1)</translation>
    </message>
    <message>
        <source>zstd (as upstream Carton writes)</source>
        <translation>zstd (wie das Original-Carton schreibt)</translation>
    </message>
    <message>
        <source>Deflate (readable by every zip tool)</source>
        <translation>Deflate (von jedem Zip-Programm lesbar)</translation>
    </message>
    <message>
        <source>Store (no compression, fastest random access)</source>
        <translation>Stored (ohne Kompression, schnellster wahlfreier Zugriff)</translation>
    </message>
    <message>
        <source>A new language applies the next time Carton Studio starts.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Carton Studio.</translation>
    </message>
    <message>
        <source>Used for files a save writes anew; files it copies keep their own.</source>
        <translation>Gilt für Dateien, die beim Speichern neu geschrieben werden; kopierte Dateien behalten ihre eigene.</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Design:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>&amp;Compression:</source>
        <translation>&amp;Kompression:</translation>
    </message>
    <message>
        <source>Compression &amp;level:</source>
        <translation>Kompressionss&amp;tufe:</translation>
    </message>
    <message>
        <source>Trusted &amp;keys:</source>
        <translation>&amp;Vertrauenswürdige Schlüssel:</translation>
    </message>
<message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>half the memory (no limit of its own)</source>
        <translation>halber Arbeitsspeicher (keine eigene Grenze)</translation>
    </message>
    <message>
        <source>A sandboxed model writes its temporary files to /tmp, a private space in memory that is gone after the run. A write past this size fails and the report says so (carton selftest --scratch-limit).</source>
        <translation>Ein Modell in der Sandbox schreibt seine temporären Dateien nach /tmp, einen privaten Bereich im Arbeitsspeicher, der nach dem Lauf verschwindet. Ein Schreiben über diese Größe hinaus schlägt fehl, und der Bericht sagt es (carton selftest --scratch-limit).</translation>
    </message>
    <message>
        <source>Sandbox &amp;scratch space:</source>
        <translation>Sandbox-&amp;Arbeitsbereich:</translation>
    </message>
</context>
<context>
    <name>studio::ProgressRow</name>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>studio::PushRegistryDialog</name>
    <message>
        <source>&amp;Push</source>
        <translation>&amp;Hochladen</translation>
    </message>
    <message>
        <source>Push %1 to a Registry</source>
        <translation>%1 in eine Registry hochladen</translation>
    </message>
    <message>
        <source>&amp;Reference in an OCI registry (host[:port]/repository[:tag]):</source>
        <translation>&amp;Referenz in einer OCI-Registry (host[:port]/repository[:tag]):</translation>
    </message>
    <message>
        <source>Pushing to %1…</source>
        <translation>Wird nach %1 hochgeladen…</translation>
    </message>
    <message>
        <source>Push to Registry</source>
        <translation>In Registry hochladen</translation>
    </message>
    <message>
        <source>Could not push to %1.</source>
        <translation>Hochladen nach %1 fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Pushed to %1 as %2.</source>
        <translation>Nach %1 hochgeladen als %2.</translation>
    </message>
    <message>
        <source>Pushed to %1.</source>
        <translation>Nach %1 hochgeladen.</translation>
    </message>
    <message>
        <source>Manifest digest: %1</source>
        <translation>Manifest-Digest: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Fetch the %n file(s) only reachable through LINKS and push them as layers (else they stay in LINKS)</source>
        <translation>
            <numerusform>Die %n nur über LINKS erreichbare Datei &amp;abrufen und als Layer hochladen (sonst bleibt sie in LINKS)</numerusform>
            <numerusform>Die %n nur über LINKS erreichbaren Dateien &amp;abrufen und als Layer hochladen (sonst bleiben sie in LINKS)</numerusform>
        </translation>
    </message>
    <message>
        <source>Push cancelled; nothing was tagged in %1. Pushing again goes on where this push stopped.</source>
        <translation>Hochladen abgebrochen; in %1 wurde nichts getaggt. Erneutes Hochladen setzt dort fort, wo dieses aufgehört hat.</translation>
    </message>
    <message>
        <source>%1 were in the registry already from an interrupted push.</source>
        <translation>%1 waren von einem unterbrochenen Hochladen schon in der Registry.</translation>
    </message>
<message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    </context>
<context>
    <name>studio::RecordOutputsDialog</name>
    <message>
        <source>Record Outputs of %1</source>
        <translation>Ausgaben von %1 aufzeichnen</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Datentyp</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>First values</source>
        <translation>Erste Werte</translation>
    </message>
    <message>
        <source>Replaces expected_out</source>
        <translation>Ersetzt expected_out</translation>
    </message>
    <message>
        <source>&amp;Keep as Expected Outputs</source>
        <translation>Als erwartete Ausgaben &amp;behalten</translation>
    </message>
    <message>
        <source>no temporary folder for the edited carton: %1</source>
        <translation>kein temporärer Ordner für das bearbeitete Carton: %1</translation>
    </message>
    <message>
        <source>Writing the carton as edited…</source>
        <translation>Das Carton wird in der bearbeiteten Fassung geschrieben…</translation>
    </message>
    <message>
        <source>Not run: the run was cancelled.</source>
        <translation>Nicht ausgeführt: die Ausführung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Running the model on the inputs of %1…</source>
        <translation>Das Modell läuft mit den Eingaben von %1…</translation>
    </message>
    <message>
        <source>the model returned nothing for it</source>
        <translation>das Modell hat dafür nichts zurückgegeben</translation>
    </message>
    <message>
        <source>— (new)</source>
        <translation>— (neu)</translation>
    </message>
    <message>
        <source>sandboxed (%1)</source>
        <translation>in der Sandbox (%1)</translation>
    </message>
    <message>
        <source>NOT sandboxed: %1</source>
        <translation>NICHT in der Sandbox: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n output(s) recorded by %1, %2. Keep them as the expected outputs of %3?</source>
        <translation>
            <numerusform>%n Ausgabe von %1 aufgezeichnet, %2. Als erwartete Ausgabe von %3 behalten?</numerusform>
            <numerusform>%n Ausgaben von %1 aufgezeichnet, %2. Als erwartete Ausgaben von %3 behalten?</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not record the outputs: %1</source>
        <translation>Die Ausgaben konnten nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>nothing was recorded</source>
        <translation>es wurde nichts aufgezeichnet</translation>
    </message>
    <message>
        <source>the self-test was removed since it was recorded</source>
        <translation>der Selbsttest wurde seit der Aufzeichnung entfernt</translation>
    </message>
</context>
<context>
    <name>studio::ReferenceDelegate</name>
    <message>
        <source>tensor name or @misc/FILE</source>
        <translation>Tensorname oder @misc/DATEI</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>Tensorname</translation>
    </message>
    <message>
        <source>A tensor of tensor_data/ (Import Tensor… adds one)%1; empty removes the reference</source>
        <translation>Ein Tensor aus tensor_data/ („Tensor importieren…“ fügt einen hinzu)%1; leer entfernt den Verweis</translation>
    </message>
    <message>
        <source>, or a file of misc/</source>
        <translation> oder eine Datei aus misc/</translation>
    </message>
</context>
<context>
    <name>studio::RegionDevice</name>
    <message>
        <source>a carton entry can only be read</source>
        <translation>ein Carton-Eintrag kann nur gelesen werden</translation>
    </message>
    <message>
        <source>%1 is shorter than the entry it should hold</source>
        <translation>%1 ist kürzer als der Eintrag, den sie enthalten sollte</translation>
    </message>
</context>
<context>
    <name>studio::RegistryActions</name>
    <message>
        <source>Open from Re&amp;gistry…</source>
        <translation>Aus Re&amp;gistry öffnen…</translation>
    </message>
    <message>
        <source>&amp;Push to Registry…</source>
        <translation>In Registry &amp;hochladen…</translation>
    </message>
</context>
<context>
    <name>studio::RemoteActions</name>
    <message>
        <source>Open &amp;URL…</source>
        <translation>U&amp;RL öffnen…</translation>
    </message>
    <message>
        <source>Open URL from &amp;Clipboard</source>
        <translation>URL aus der Zwischen&amp;ablage öffnen</translation>
    </message>
    <message>
        <source>The clipboard holds no http(s) URL to open.</source>
        <translation>Die Zwischenablage enthält keine http(s)-URL zum Öffnen.</translation>
    </message>
    <message>
        <source>Save a &amp;Local Copy…</source>
        <translation>Lo&amp;kale Kopie speichern…</translation>
    </message>
    <message>
        <source>Save a Local Copy</source>
        <translation>Lokale Kopie speichern</translation>
    </message>
    <message>
        <source>Save with &amp;Files Included…</source>
        <translation>Mit &amp;Dateien speichern…</translation>
    </message>
    <message>
        <source>Save with Files Included</source>
        <translation>Mit Dateien speichern</translation>
    </message>
    <message>
        <source>Download %1 into a file on this computer</source>
        <translation>%1 in eine Datei auf diesem Computer herunterladen</translation>
    </message>
    <message>
        <source>Only for a carton opened from a URL</source>
        <translation>Nur für ein über eine URL geöffnetes Carton</translation>
    </message>
    <message>
        <source>Fetch the files listed in LINKS and save a self-contained carton</source>
        <translation>Die in LINKS aufgeführten Dateien holen und ein eigenständiges Carton speichern</translation>
    </message>
    <message>
        <source>Only for a carton with files in LINKS</source>
        <translation>Nur für ein Carton mit Dateien in LINKS</translation>
    </message>
    <message>
        <source>Cartons (*.carton)</source>
        <translation>Cartons (*.carton)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>%1 wird heruntergeladen…</translation>
    </message>
    <message numerus="yes">
        <source>Fetching %n linked file(s) of %1…</source>
        <translation>
            <numerusform>%n verlinkte Datei von %1 wird geholt…</numerusform>
            <numerusform>%n verlinkte Dateien von %1 werden geholt…</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Cancelled; %1 was not written.</source>
        <translation>Abgebrochen; %1 wurde nicht geschrieben.</translation>
    </message>
    <message>
        <source>Could Not Save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>studio::RemoteConsent</name>
    <message>
        <source>%1 does not support range requests, so the carton cannot be read piece by piece. Download the whole file (%2) to a temporary file to open it?</source>
        <translation>%1 unterstützt keine Range-Anfragen, daher kann das Carton nicht stückweise gelesen werden. Die ganze Datei (%2) in eine temporäre Datei herunterladen, um sie zu öffnen?</translation>
    </message>
    <message>
        <source>Verifying downloads %1 from %2 (every file once, hashed as it arrives, nothing kept). Verify %3?</source>
        <translation>Die Prüfung lädt %1 von %2 herunter (jede Datei einmal, beim Eintreffen gehasht, nichts wird behalten). %3 prüfen?</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) of this carton are only listed in LINKS. Fetch them (%1) from %2 to verify them?</source>
        <translation>
            <numerusform>%n Datei dieses Cartons ist nur in LINKS aufgeführt. Sie (%1) von %2 holen, um sie zu prüfen?</numerusform>
            <numerusform>%n Dateien dieses Cartons sind nur in LINKS aufgeführt. Sie (%1) von %2 holen, um sie zu prüfen?</numerusform>
        </translation>
    </message>
    <message>
        <source>Download Carton</source>
        <translation>Carton herunterladen</translation>
    </message>
    <message>
        <source>Verify Remote Carton</source>
        <translation>Entferntes Carton prüfen</translation>
    </message>
    <message>
        <source>Fetch Linked Files</source>
        <translation>Verlinkte Dateien holen</translation>
    </message>
    <message>
        <source>Remember for this host</source>
        <translation>Für diesen Host merken</translation>
    </message>
</context>
<context>
    <name>studio::RunClock</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Cancelling… %1 in all</source>
        <translation>Wird abgebrochen… %1 insgesamt</translation>
    </message>
    <message>
        <source>Starting the runner and loading the model… %1 (gives up after %2)</source>
        <translation>Runner wird gestartet und das Modell geladen… %1 (Abbruch nach %2)</translation>
    </message>
    <message>
        <source>Judging the outputs… %1 in all</source>
        <translation>Ausgaben werden bewertet… %1 insgesamt</translation>
    </message>
    <message>
        <source>Running %1 of %2 · this one %3 of its %4 limit · %5 in all</source>
        <translation>Läuft %1 von %2 · dieser %3 von höchstens %4 · %5 insgesamt</translation>
    </message>
</context>
<context>
    <name>studio::RunConsent</name>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <source>you chose to run this carton without the sandbox</source>
        <translation>Sie haben gewählt, dieses Carton ohne Sandbox auszuführen</translation>
    </message>
<message>
        <source>the safety scan has not finished</source>
        <translation>die Sicherheitsprüfung ist noch nicht fertig</translation>
    </message>
    <message numerus="yes">
        <source>it has %n high or critical safety finding(s)</source>
        <translation>
            <numerusform>er hat %n hohen oder kritischen Sicherheitsbefund</numerusform>
            <numerusform>er hat %n hohe oder kritische Sicherheitsbefunde</numerusform>
        </translation>
    </message>
    <message>
        <source>it is signed by an unknown key</source>
        <translation>er ist mit einem unbekannten Schlüssel signiert</translation>
    </message>
    <message>
        <source>its signature is invalid</source>
        <translation>seine Signatur ist ungültig</translation>
    </message>
    <message>
        <source>its signature has not been checked yet</source>
        <translation>seine Signatur wurde noch nicht geprüft</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>not checked: this run uses the edited state of the carton (or a copy of it), and a signature covers a saved carton's MANIFEST only</source>
        <translation>nicht geprüft: Dieser Lauf verwendet den bearbeiteten Stand des Cartons (oder eine Kopie davon), und eine Signatur deckt nur das MANIFEST eines gespeicherten Cartons ab</translation>
    </message>
    <message>
        <source>you chose to run this carton without the sandbox (for this run)</source>
        <translation>Sie haben diesen Carton ohne Sandbox ausführen lassen (für diesen Lauf)</translation>
    </message>
    <message>
        <source>not checked here: a bare model file has no carton signature (carton verify FILE --signature FILE.sig checks a detached one)</source>
        <translation>hier nicht geprüft: eine einzelne Modelldatei hat keine Carton-Signatur (carton verify FILE --signature FILE.sig prüft eine abgetrennte)</translation>
    </message>
</context>
<context>
    <name>studio::RunConsentDialog</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiterer</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Run this carton's code?</source>
        <translation>Den Code dieses Cartons ausführen?</translation>
    </message>
    <message>
        <source>Don't ask again for this model (its model hash)</source>
        <translation>Für dieses Modell nicht mehr fragen (nach seinem Modell-Hash)</translation>
    </message>
    <message>
        <source>Run without the sandbox</source>
        <translation>Ohne Sandbox ausführen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Without the sandbox the model runs with your full rights:&lt;/b&gt; it can read, change and send away your files, reach the network and leave processes running after the run. Only for cartons you trust.</source>
        <translation>&lt;b&gt;Ohne Sandbox läuft das Modell mit Ihren vollen Rechten:&lt;/b&gt; Es kann Ihre Dateien lesen, ändern und versenden, das Netzwerk erreichen und Prozesse zurücklassen, die nach dem Lauf weiterlaufen. Nur für Cartons, denen Sie vertrauen.</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Run Without Sandbox</source>
        <translation>Ohne Sandbox &amp;ausführen</translation>
    </message>
    <message>
        <source>&amp;Run in Sandbox</source>
        <translation>In der Sandbox &amp;ausführen</translation>
    </message>
    <message>
        <source>Running the self-tests of &lt;b&gt;%1&lt;/b&gt; runs code that comes with it. This is what will run:</source>
        <translation>Die Selbsttests von &lt;b&gt;%1&lt;/b&gt; führen Code aus, der mit dem Carton kommt. Das wird ausgeführt:</translation>
    </message>
    <message>
        <source>Runner:</source>
        <translation>Runner:</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>Sandbox:</translation>
    </message>
    <message>
        <source>yes (%1): no network, no view of your files or other processes, writes only to a private scratch folder, nothing survives the run.</source>
        <translation>ja (%1): kein Netzwerk, kein Einblick in Ihre Dateien oder andere Prozesse, Schreiben nur in einen privaten Arbeitsordner, nichts überdauert den Lauf.</translation>
    </message>
    <message>
        <source>none can be made here.</source>
        <translation>hier kann keine eingerichtet werden.</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>Signatur:</translation>
    </message>
    <message>
        <source>Safety scan:</source>
        <translation>Sicherheitsprüfung:</translation>
    </message>
    <message>
        <source>still running…</source>
        <translation>läuft noch…</translation>
    </message>
    <message>
        <source>%1 (Python code)</source>
        <translation>%1 (Python-Code)</translation>
    </message>
    <message>
        <source>%1 (pickle: loading it can run code)</source>
        <translation>%1 (Pickle: das Laden kann Code ausführen)</translation>
    </message>
    <message>
        <source>Files that execute:</source>
        <translation>Dateien, die ausgeführt werden:</translation>
    </message>
    <message>
        <source>none found (the runner's own code runs the model)</source>
        <translation>keine gefunden (der eigene Code des Runners führt das Modell aus)</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>no high or critical findings.</source>
        <translation>keine hohen oder kritischen Befunde.</translation>
    </message>
    <message>
        <source>incomplete: %1</source>
        <translation>unvollständig: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n high or critical finding(s) — see the Safety tab.</source>
        <translation>
            <numerusform>%n hoher oder kritischer Befund — siehe Registerkarte „Sicherheit“.</numerusform>
            <numerusform>%n hohe oder kritische Befunde — siehe Registerkarte „Sicherheit“.</numerusform>
        </translation>
    </message>
    <message>
        <source>Inspecting the model of &lt;b&gt;%1&lt;/b&gt; loads it in its runner, which runs code that comes with it. This is what will run:</source>
        <translation>Beim Untersuchen des Modells von &lt;b&gt;%1&lt;/b&gt; wird es in seinem Runner geladen, der mitgelieferten Code ausführt. Das wird ausgeführt:</translation>
    </message>
<message>
        <source>Run without the sandbox (this run only)</source>
        <translation>Ohne Sandbox ausführen (nur dieser Lauf)</translation>
    </message>
    <message>
        <source>NO, for this run: the model runs with your full rights (your files, the network, processes that outlive the run).</source>
        <translation>NEIN, für diesen Lauf: Das Modell läuft mit Ihren vollen Rechten (Ihre Dateien, das Netzwerk, Prozesse, die den Lauf überdauern).</translation>
    </message>
    <message>
        <source>yes (%1): no network, no view of your files or other processes, writes only to a private scratch space, dangerous system calls denied, nothing survives the run.</source>
        <translation>ja (%1): kein Netzwerk, kein Einblick in Ihre Dateien oder andere Prozesse, schreibt nur in einen privaten Arbeitsbereich, gefährliche Systemaufrufe verweigert, nichts überdauert den Lauf.</translation>
    </message>
    <message>
        <source>Asked before every run: %1.</source>
        <translation>Vor jedem Lauf gefragt: %1.</translation>
    </message>
    <message>
        <source>Run this model file's code?</source>
        <translation>Den Code dieser Modelldatei ausführen?</translation>
    </message>
    <message>
        <source>Inspecting the model file &lt;b&gt;%1&lt;/b&gt; loads it in its runner, which runs code that comes with the file. This is what will run:</source>
        <translation>Beim Untersuchen der Modelldatei &lt;b&gt;%1&lt;/b&gt; wird sie in ihren Runner geladen, der Code ausführt, der mit der Datei kommt. Das wird ausgeführt:</translation>
    </message>
    <message>
        <source>Running the model file &lt;b&gt;%1&lt;/b&gt; runs code that comes with the file. This is what will run:</source>
        <translation>Das Ausführen der Modelldatei &lt;b&gt;%1&lt;/b&gt; führt Code aus, der mit der Datei kommt. Das wird ausgeführt:</translation>
    </message>
</context>
<context>
    <name>studio::RunHistoryDialog</name>
    <message>
        <source>Self-test History</source>
        <translation>Selbsttest-Verlauf</translation>
    </message>
    <message>
        <source>The history cannot be read: %1</source>
        <translation>Der Verlauf kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No runs of this model are kept yet.</source>
        <translation>Von diesem Modell sind noch keine Läufe gespeichert.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) kept (the newest 50). Select a run to see what changed since the one before it, or two runs to compare them.</source>
        <translation>
            <numerusform>%n Lauf gespeichert (die neuesten 50). Wählen Sie einen Lauf, um zu sehen, was sich seit dem vorigen geändert hat, oder zwei Läufe, um sie zu vergleichen.</numerusform>
            <numerusform>%n Läufe gespeichert (die neuesten 50). Wählen Sie einen Lauf, um zu sehen, was sich seit dem vorigen geändert hat, oder zwei Läufe, um sie zu vergleichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 — %3 of %4 passed</source>
        <translation>%1 — %2 — %3 von %4 bestanden</translation>
    </message>
    <message>
        <source>unknown runner</source>
        <translation>unbekannter Runner</translation>
    </message>
    <message>
        <source>The first run kept: nothing to compare it with.</source>
        <translation>Der erste gespeicherte Lauf: nichts, womit er verglichen werden könnte.</translation>
    </message>
    <message>
        <source>From %1 to %2:</source>
        <translation>Von %1 bis %2:</translation>
    </message>
    <message>
        <source>No verdict, figure, runner, sandbox or tolerance changed.</source>
        <translation>Kein Urteil, keine Kennzahl, kein Runner, keine Sandbox und keine Toleranz hat sich geändert.</translation>
    </message>
    <message>
        <source>there is no folder for the user's data</source>
        <translation>es gibt keinen Ordner für die Daten des Benutzers</translation>
    </message>
</context>
<context>
    <name>studio::RunnerChoiceBox</name>
    <message>
        <source>Run with another runner plugin, whatever the carton's [runner] asks for</source>
        <translation>Mit einem anderen Runner-Plugin ausführen, unabhängig davon, was der [runner] des Cartons verlangt</translation>
    </message>
    <message>
        <source>As the carton says (%1)</source>
        <translation>Wie vom Carton angegeben (%1)</translation>
    </message>
    <message>
        <source>%1 (forced)</source>
        <translation>%1 (erzwungen)</translation>
    </message>
    <message>
        <source>Triton / KServe server…</source>
        <translation>Triton-/KServe-Server…</translation>
    </message>
    <message>
        <source>Server %1</source>
        <translation>Server %1</translation>
    </message>
    <message>
        <source>Run on a Triton / KServe Server</source>
        <translation>Auf einem Triton-/KServe-Server ausführen</translation>
    </message>
    <message>
        <source>The carton's self-tests run on the server's model (KServe v2 protocol, binary tensor data), whatever runner the carton names. The model's inputs and outputs are checked against the carton's before anything is sent.</source>
        <translation>Die Selbsttests des Cartons laufen auf dem Modell des Servers (KServe-v2-Protokoll, binäre Tensordaten), unabhängig vom Runner, den das Carton nennt. Die Ein- und Ausgaben des Modells werden mit denen des Cartons abgeglichen, bevor etwas gesendet wird.</translation>
    </message>
    <message>
        <source>Server URL:</source>
        <translation>Server-URL:</translation>
    </message>
    <message>
        <source>Model name:</source>
        <translation>Modellname:</translation>
    </message>
</context>
<context>
    <name>studio::RunnerEditor</name>
    <message>
        <source>Add Option</source>
        <translation>Option hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>The runner that runs the model, e.g. torchscript or python</source>
        <translation>Der Runner, der das Modell ausführt, z. B. torchscript oder python</translation>
    </message>
    <message>
        <source>A semver requirement, e.g. =2.0.1, ^1.13 or &gt;=3.8, &lt;3.12</source>
        <translation>Eine Semver-Anforderung, z. B. =2.0.1, ^1.13 oder &gt;=3.8, &lt;3.12</translation>
    </message>
    <message>
        <source>The runner interface version the carton was packed for (runner_compat_version)</source>
        <translation>Die Version der Runner-Schnittstelle, für die das Carton gepackt wurde (runner_compat_version)</translation>
    </message>
    <message>
        <source>Remove Option</source>
        <translation>Option entfernen</translation>
    </message>
    <message>
        <source>Add an option: one the runner declares, or a new key</source>
        <translation>Eine Option hinzufügen: eine, die der Runner deklariert, oder einen neuen Schlüssel</translation>
    </message>
    <message>
        <source>Runner &amp;name:</source>
        <translation>Runner-&amp;Name:</translation>
    </message>
    <message>
        <source>Required &amp;framework version:</source>
        <translation>Erforderliche &amp;Framework-Version:</translation>
    </message>
    <message>
        <source>Runner &amp;compat version:</source>
        <translation>Runner-&amp;Kompatibilitätsversion:</translation>
    </message>
    <message>
        <source>Runner &amp;options ([runner.opts]):</source>
        <translation>Runner-&amp;Optionen ([runner.opts]):</translation>
    </message>
    <message>
        <source>Values are integers, floats, strings or booleans. Options the runner does not know are kept and passed on.</source>
        <translation>Werte sind Ganzzahlen, Gleitkommazahlen, Zeichenketten oder Wahrheitswerte. Optionen, die der Runner nicht kennt, bleiben erhalten und werden weitergegeben.</translation>
    </message>
    <message>
        <source>Edit Runner Name</source>
        <translation>Runner-Name bearbeiten</translation>
    </message>
    <message>
        <source>Edit Required Framework Version</source>
        <translation>Erforderliche Framework-Version bearbeiten</translation>
    </message>
    <message>
        <source>Edit Runner Compat Version</source>
        <translation>Runner-Kompatibilitätsversion bearbeiten</translation>
    </message>
    <message>
        <source>New Option</source>
        <translation>Neue Option</translation>
    </message>
    <message>
        <source>%1 %2 (installed)%3</source>
        <translation>%1 %2 (installiert)%3</translation>
    </message>
    <message>
        <source>Required: the framework versions the model works with, e.g. =2.0.1, ^1.13 or &gt;=3.8.</source>
        <translation>Erforderlich: die Framework-Versionen, mit denen das Modell funktioniert, z. B. =2.0.1, ^1.13 oder &gt;=3.8.</translation>
    </message>
    <message>
        <source>Not a semver requirement: %1</source>
        <translation>Keine Semver-Anforderung: %1</translation>
    </message>
    <message>
        <source>Matches %1.</source>
        <translation>Passt zu %1.</translation>
    </message>
    <message>
        <source>Installed %1 %2 matches.</source>
        <translation>Installiertes %1 %2 passt.</translation>
    </message>
    <message>
        <source>Installed %1 %2 does not match.</source>
        <translation>Installiertes %1 %2 passt nicht.</translation>
    </message>
    <message>
        <source>Supported by the installed %1.</source>
        <translation>Vom installierten %1 unterstützt.</translation>
    </message>
    <message>
        <source>The installed %1 supports %2.</source>
        <translation>Das installierte %1 unterstützt %2.</translation>
    </message>
    <message>
        <source>Add Runner Option %1</source>
        <translation>Runner-Option %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove Runner Option %1</source>
        <translation>Runner-Option %1 entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Runner Options</source>
        <translation>
            <numerusform>%n Runner-Option entfernen</numerusform>
            <numerusform>%n Runner-Optionen entfernen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::RunnerOptDelegate</name>
    <message>
        <source>Integer, float, string or boolean (carton.toml arrays are not supported)</source>
        <translation>Ganzzahl, Gleitkommazahl, Zeichenkette oder Wahrheitswert (Arrays aus carton.toml werden nicht unterstützt)</translation>
    </message>
    <message>
        <source>option name</source>
        <translation>Optionsname</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>Ganzzahl</translation>
    </message>
    <message>
        <source>number, e.g. 0.5 or 1e-3</source>
        <translation>Zahl, z. B. 0.5 oder 1e-3</translation>
    </message>
</context>
<context>
    <name>studio::RunnerOptsModel</name>
    <message>
        <source>Option</source>
        <translation>Option</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Rename Runner Option %1</source>
        <translation>Runner-Option %1 umbenennen</translation>
    </message>
    <message>
        <source>Change Type of Runner Option %1</source>
        <translation>Typ der Runner-Option %1 ändern</translation>
    </message>
    <message>
        <source>Edit Runner Option %1</source>
        <translation>Runner-Option %1 bearbeiten</translation>
    </message>
</context>
<context>
    <name>studio::RunnersDialog</name>
    <message>
        <source>Runner Plugins</source>
        <translation>Runner-Plugins</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Framework version</source>
        <translation>Framework-Version</translation>
    </message>
    <message>
        <source>Compat versions</source>
        <translation>Kompatibilitätsversionen</translation>
    </message>
    <message>
        <source>File / details</source>
        <translation>Datei / Details</translation>
    </message>
    <message>
        <source>, default %1</source>
        <translation>, Standard %1</translation>
    </message>
    <message>
        <source>option %1</source>
        <translation>Option %1</translation>
    </message>
    <message>
        <source>(not usable)</source>
        <translation>(nicht nutzbar)</translation>
    </message>
    <message>
        <source>Searched, in this order (the CARTON_RUNNER_PATH folders first):
%1</source>
        <translation>Durchsucht, in dieser Reihenfolge (zuerst die Ordner aus CARTON_RUNNER_PATH):
%1</translation>
    </message>
    <message>
        <source>No runner plugins were found: self-tests cannot run.</source>
        <translation>Keine Runner-Plugins gefunden: Selbsttests können nicht laufen.</translation>
    </message>
    <message numerus="yes">
        <source>%n runner plugin(s) found.</source>
        <translation>
            <numerusform>%n Runner-Plugin gefunden.</numerusform>
            <numerusform>%n Runner-Plugins gefunden.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::SafetyFindingsModel</name>
    <message>
        <source>Critical</source>
        <translation>Kritisch</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>studio::SafetyPage</name>
    <message>
        <source>Scan Again</source>
        <translation>Erneut scannen</translation>
    </message>
    <message>
        <source>Read the carton again and scan everything</source>
        <translation>Das Carton erneut lesen und alles scannen</translation>
    </message>
    <message>
        <source>Not scanned yet</source>
        <translation>Noch nicht gescannt</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Wird gescannt…</translation>
    </message>
    <message>
        <source>No findings</source>
        <translation>Keine Befunde</translation>
    </message>
    <message numerus="yes">
        <source>No findings (%n note(s))</source>
        <translation>
            <numerusform>Keine Befunde (%n Hinweis)</numerusform>
            <numerusform>Keine Befunde (%n Hinweise)</numerusform>
        </translation>
    </message>
    <message>
        <source>Findings: %1</source>
        <translation>Befunde: %1</translation>
    </message>
    <message>
        <source>Unknown: the carton could not be scanned</source>
        <translation>Unbekannt: Das Carton konnte nicht gescannt werden</translation>
    </message>
    <message>
        <source>Unknown: parts of the carton could not be read</source>
        <translation>Unbekannt: Teile des Cartons konnten nicht gelesen werden</translation>
    </message>
    <message numerus="yes">
        <source>%n pickle(s) disassembled (never loaded)</source>
        <translation>
            <numerusform>%n Pickle disassembliert (nie geladen)</numerusform>
            <numerusform>%n Pickles disassembliert (nie geladen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n import(s) on the allow-list</source>
        <translation>
            <numerusform>%1 von %n Import auf der Positivliste</numerusform>
            <numerusform>%1 von %n Importen auf der Positivliste</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Python file(s)</source>
        <translation>
            <numerusform>%n Python-Datei</numerusform>
            <numerusform>%n Python-Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>no hosts</source>
        <translation>keine Hosts</translation>
    </message>
    <message>
        <source>hosts: %1</source>
        <translation>Hosts: %1</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>Nicht gelesen: %1</translation>
    </message>
    <message>
        <source>What the scan read</source>
        <translation>Was der Scan gelesen hat</translation>
    </message>
    <message>
        <source>pickle protocol %1, %2 opcodes%3</source>
        <translation>Pickle-Protokoll %1, %2 Opcodes%3</translation>
    </message>
    <message>
        <source>, stopped early</source>
        <translation>, vorzeitig beendet</translation>
    </message>
    <message>
        <source>no imports</source>
        <translation>keine Importe</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>erlaubt</translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation>nicht erlaubt</translation>
    </message>
    <message>
        <source>(unresolved)</source>
        <translation>(nicht aufgelöst)</translation>
    </message>
    <message>
        <source>imports %1</source>
        <translation>importiert %1</translation>
    </message>
    <message>
        <source>No pickles and no Python code in this carton.</source>
        <translation>Keine Pickles und kein Python-Code in diesem Carton.</translation>
    </message>
    <message numerus="yes">
        <source>Scan complete · %n file(s) examined</source>
        <translation>
            <numerusform>Scan vollständig · %n Datei untersucht</numerusform>
            <numerusform>Scan vollständig · %n Dateien untersucht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scan incomplete · %n file(s) examined</source>
        <translation>
            <numerusform>Scan unvollständig · %n Datei untersucht</numerusform>
            <numerusform>Scan unvollständig · %n Dateien untersucht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scan failed · %n file(s) examined</source>
        <translation>
            <numerusform>Scan fehlgeschlagen · %n Datei untersucht</numerusform>
            <numerusform>Scan fehlgeschlagen · %n Dateien untersucht</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::Screenshotter</name>
    <message>
        <source>The window is gone.</source>
        <translation>Das Fenster ist nicht mehr vorhanden.</translation>
    </message>
    <message>
        <source>Could not save the screenshot to %1.</source>
        <translation>Das Bildschirmfoto konnte nicht unter %1 gespeichert werden.</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestOutputsPane</name>
    <message>
        <source>Run the self-tests to see each output's figures.</source>
        <translation>Führen Sie die Selbsttests aus, um die Kennzahlen jeder Ausgabe zu sehen.</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestText</name>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>nicht ausführbar</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>ran</source>
        <translation>ausgeführt</translation>
    </message>
    <message>
        <source>shape mismatch</source>
        <translation>Form passt nicht</translation>
    </message>
    <message>
        <source>dtype mismatch</source>
        <translation>dtype passt nicht</translation>
    </message>
    <message>
        <source>malformed</source>
        <translation>fehlerhaft</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 of %2 elements (%3) differ</source>
        <translation>%1 von %2 Elementen (%3) weichen ab</translation>
    </message>
    <message>
        <source>%1 of %2 elements (%3) outside rtol %4, atol %5</source>
        <translation>%1 von %2 Elementen (%3) außerhalb von rtol %4, atol %5</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>output '%1' was not returned (the model returned none)</source>
        <translation>Ausgabe '%1' wurde nicht zurückgegeben (das Modell gab keine zurück)</translation>
    </message>
    <message>
        <source>output '%1' was not returned (the model returned %2)</source>
        <translation>Ausgabe '%1' wurde nicht zurückgegeben (das Modell gab %2 zurück)</translation>
    </message>
    <message>
        <source>output '%1': %2</source>
        <translation>Ausgabe '%1': %2</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestsEditor</name>
    <message>
        <source>The carton's [[self_test]]s (run by Run Self-tests) and [[example]]s (shown to users)</source>
        <translation>Die [[self_test]]s des Cartons (von „Selbsttests ausführen“ ausgeführt) und seine [[example]]s (den Benutzern gezeigt)</translation>
    </message>
    <message>
        <source>Add Self-test</source>
        <translation>Selbsttest hinzufügen</translation>
    </message>
    <message>
        <source>Add a [[self_test]]: inputs and the outputs they must give</source>
        <translation>Einen [[self_test]] hinzufügen: Eingaben und die Ausgaben, die sie ergeben müssen</translation>
    </message>
    <message>
        <source>Add Example</source>
        <translation>Beispiel hinzufügen</translation>
    </message>
    <message>
        <source>Add an [[example]]: inputs and sample outputs for users</source>
        <translation>Ein [[example]] hinzufügen: Eingaben und Beispielausgaben für Benutzer</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Duplicate the selected item (Ctrl+D)</source>
        <translation>Das ausgewählte Element duplizieren (Ctrl+D)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected item (Delete)</source>
        <translation>Das ausgewählte Element entfernen (Delete)</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move the selected item up (Alt+Up)</source>
        <translation>Das ausgewählte Element nach oben verschieben (Alt+Up)</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Move the selected item down (Alt+Down)</source>
        <translation>Das ausgewählte Element nach unten verschieben (Alt+Down)</translation>
    </message>
    <message>
        <source>No self-test or example selected.

A self-test feeds tensors from tensor_data/ to the model and compares what it returns with the expected outputs; an example shows users what the model takes and gives.
Add one with the buttons on the left.</source>
        <translation>Kein Selbsttest oder Beispiel ausgewählt.

Ein Selbsttest gibt Tensoren aus tensor_data/ an das Modell und vergleicht, was es liefert, mit den erwarteten Ausgaben; ein Beispiel zeigt Benutzern, was das Modell erhält und liefert.
Fügen Sie eines mit den Schaltflächen links hinzu.</translation>
    </message>
    <message>
        <source>Optional: a short name, e.g. "cat photo"</source>
        <translation>Optional: ein kurzer Name, z. B. „Katzenfoto“</translation>
    </message>
    <message>
        <source>Optional: what this item checks or shows</source>
        <translation>Optional: was dieses Element prüft oder zeigt</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>&amp;Beschreibung:</translation>
    </message>
    <message>
        <source>Self-test %1 of %2</source>
        <translation>Selbsttest %1 von %2</translation>
    </message>
    <message>
        <source>Example %1 of %2</source>
        <translation>Beispiel %1 von %2</translation>
    </message>
    <message>
        <source>This self-test has extension keys (such as [self_test.tolerance]); they are kept as they are.</source>
        <translation>Dieser Selbsttest hat Erweiterungsschlüssel (etwa [self_test.tolerance]); sie bleiben unverändert erhalten.</translation>
    </message>
    <message>
        <source>Edit Name of %1</source>
        <translation>Name von %1 bearbeiten</translation>
    </message>
    <message>
        <source>Edit Description of %1</source>
        <translation>Beschreibung von %1 bearbeiten</translation>
    </message>
    <message>
        <source>Duplicate %1</source>
        <translation>%1 duplizieren</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Move %1 Up</source>
        <translation>%1 nach oben verschieben</translation>
    </message>
    <message>
        <source>Move %1 Down</source>
        <translation>%1 nach unten verschieben</translation>
    </message>
    <message>
        <source>&amp;Tolerance:</source>
        <translation>&amp;Toleranz:</translation>
    </message>
    <message>
        <source>Edit Tolerance of %1</source>
        <translation>Toleranz von %1 bearbeiten</translation>
    </message>
<message>
        <source>One row per declared input and output. Edit the Tensor cell (F2 or double-click) to pick a tensor of tensor_data/</source>
        <translation>Eine Zeile pro deklarierter Ein- und Ausgabe. Bearbeiten Sie die Zelle „Tensor“ (F2 oder Doppelklick), um einen Tensor aus tensor_data/ zu wählen</translation>
    </message>
    <message>
        <source>&amp;Import Tensor…</source>
        <translation>Tensor &amp;importieren…</translation>
    </message>
    <message>
        <source>Add a tensor from a .npy or .safetensors file to tensor_data/ and use it in the selected row</source>
        <translation>Einen Tensor aus einer .npy- oder .safetensors-Datei zu tensor_data/ hinzufügen und in der ausgewählten Zeile verwenden</translation>
    </message>
    <message>
        <source>Add &amp;File…</source>
        <translation>&amp;Datei hinzufügen…</translation>
    </message>
    <message>
        <source>Add an image, audio or video file to misc/ and use it in the selected row (examples only)</source>
        <translation>Eine Bild-, Audio- oder Videodatei zu misc/ hinzufügen und in der ausgewählten Zeile verwenden (nur Beispiele)</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>&amp;Leeren</translation>
    </message>
    <message>
        <source>Remove the selected row's tensor (Delete)</source>
        <translation>Den Tensor der ausgewählten Zeile entfernen (Delete)</translation>
    </message>
    <message numerus="yes">
        <source>tensor_data/ holds %n tensor(s)</source>
        <translation>
            <numerusform>tensor_data/ enthält %n Tensor</numerusform>
            <numerusform>tensor_data/ enthält %n Tensoren</numerusform>
        </translation>
    </message>
    <message>
        <source>tensor_data/index.toml cannot be read</source>
        <translation>tensor_data/index.toml kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>no self-test or example is selected</source>
        <translation>kein Selbsttest oder Beispiel ausgewählt</translation>
    </message>
    <message>
        <source>Import Tensor %1</source>
        <translation>Tensor %1 importieren</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>no example is selected</source>
        <translation>kein Beispiel ausgewählt</translation>
    </message>
    <message>
        <source>Add File %1</source>
        <translation>Datei %1 hinzufügen</translation>
    </message>
    <message>
        <source>Import Tensor</source>
        <translation>Tensor importieren</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.safetensors);;All files (*)</source>
        <translation>Tensoren (*.npy *.safetensors);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 holds no tensor.</source>
        <translation>%1 enthält keinen Tensor.</translation>
    </message>
    <message>
        <source>Tensor of %1:</source>
        <translation>Tensor aus %1:</translation>
    </message>
    <message>
        <source>Name in tensor_data/:</source>
        <translation>Name in tensor_data/:</translation>
    </message>
    <message>
        <source>Add File to misc/</source>
        <translation>Datei zu misc/ hinzufügen</translation>
    </message>
    <message>
        <source>Images, audio and video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;All files (*)</source>
        <translation>Bilder, Audio und Video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>Datei hinzufügen</translation>
    </message>
    <message>
        <source>the import was cancelled</source>
        <translation>der Import wurde abgebrochen</translation>
    </message>
    </context>
<context>
    <name>studio::SelfTestsModel</name>
    <message>
        <source>not in tensor_data/index.toml</source>
        <translation>nicht in tensor_data/index.toml</translation>
    </message>
    <message numerus="yes">
        <source>nested, %n inner</source>
        <translation>
            <numerusform>verschachtelt, %n innerer</numerusform>
            <numerusform>verschachtelt, %n innere</numerusform>
        </translation>
    </message>
    <message>
        <source>file, %1</source>
        <translation>Datei, %1</translation>
    </message>
    <message>
        <source>linked file (not in the archive)</source>
        <translation>verknüpfte Datei (nicht im Archiv)</translation>
    </message>
    <message>
        <source>missing file</source>
        <translation>fehlende Datei</translation>
    </message>
    <message>
        <source>not a @tensor_data/ or @misc/ reference</source>
        <translation>kein Verweis auf @tensor_data/ oder @misc/</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>expected output</source>
        <translation>erwartete Ausgabe</translation>
    </message>
    <message>
        <source>sample output</source>
        <translation>Beispielausgabe</translation>
    </message>
    <message>
        <source>Example %1</source>
        <translation>Beispiel %1</translation>
    </message>
    <message>
        <source>Self-test %1</source>
        <translation>Selbsttest %1</translation>
    </message>
    <message>
        <source>example</source>
        <translation>Beispiel</translation>
    </message>
    <message>
        <source>self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Verweis</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
<message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>no description</source>
        <translation>keine Beschreibung</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestMediaPane</name>
    <message>
        <source>The audio or video file of this item to play</source>
        <translation>Die abzuspielende Audio- oder Videodatei dieses Eintrags</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestsPage</name>
    <message>
        <source>This carton has no self-tests or examples.</source>
        <translation>Dieses Carton hat keine Selbsttests oder Beispiele.</translation>
    </message>
    <message>
        <source>The runner's log (its standard error) appears here after a run.</source>
        <translation>Das Protokoll des Runners (seine Standardfehlerausgabe) erscheint hier nach einem Lauf.</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Error Map</source>
        <translation>Fehlerkarte</translation>
    </message>
    <message>
        <source>Runner log</source>
        <translation>Runner-Protokoll</translation>
    </message>
    <message>
        <source>Run All</source>
        <translation>Alle ausführen</translation>
    </message>
    <message>
        <source>Run every self-test and example through the runner (Carton ▸ Run Self-tests, Ctrl+R)</source>
        <translation>Jeden Selbsttest und jedes Beispiel über den Runner ausführen (Carton ▸ Selbsttests ausführen, Ctrl+R)</translation>
    </message>
    <message>
        <source>Run Selected</source>
        <translation>Auswahl ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the run (the runner host is killed)</source>
        <translation>Den Lauf anhalten (der Runner-Host wird beendet)</translation>
    </message>
    <message>
        <source>Runner:</source>
        <translation>Runner:</translation>
    </message>
    <message>
        <source>Copy as Command</source>
        <translation>Als Befehl kopieren</translation>
    </message>
    <message>
        <source>Copy the carton selftest command line that reproduces this run</source>
        <translation>Die Befehlszeile für carton selftest kopieren, die diesen Lauf nachstellt</translation>
    </message>
    <message>
        <source>Export Report…</source>
        <translation>Bericht exportieren…</translation>
    </message>
    <message>
        <source>Write the last run as a self-contained HTML report or as JSON</source>
        <translation>Den letzten Lauf als eigenständigen HTML-Bericht oder als JSON schreiben</translation>
    </message>
    <message>
        <source>there is no run to export yet</source>
        <translation>es gibt noch keinen Lauf zum Exportieren</translation>
    </message>
    <message>
        <source>Export Self-test Report</source>
        <translation>Selbsttest-Bericht exportieren</translation>
    </message>
    <message>
        <source>HTML report (*.html);;JSON (*.json)</source>
        <translation>HTML-Bericht (*.html);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Run Self-tests</source>
        <translation>Selbsttests ausführen</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>This carton has no self-tests.</source>
        <translation>Dieses Carton hat keine Selbsttests.</translation>
    </message>
    <message numerus="yes">
        <source>%n self-test(s), not run yet. Run All runs them through the runner plugin in a separate process.</source>
        <translation>
            <numerusform>%n Selbsttest, noch nicht ausgeführt. „Alle ausführen“ führt ihn über das Runner-Plugin in einem eigenen Prozess aus.</numerusform>
            <numerusform>%n Selbsttests, noch nicht ausgeführt. „Alle ausführen“ führt sie über das Runner-Plugin in einem eigenen Prozess aus.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 passed, %2 failed, %3 cannot run, %4 error</source>
        <translation>%1 bestanden, %2 fehlgeschlagen, %3 nicht ausführbar, %4 Fehler</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (abgebrochen)</translation>
    </message>
    <message>
        <source> · model load %1 · total %2</source>
        <translation> · Modell laden %1 · gesamt %2</translation>
    </message>
    <message>
        <source> · examples: %1 ran, %2 cannot run, %3 error</source>
        <translation> · Beispiele: %1 ausgeführt, %2 nicht ausführbar, %3 Fehler</translation>
    </message>
    <message>
        <source> · sandboxed (%1)</source>
        <translation> · in der Sandbox (%1)</translation>
    </message>
    <message>
        <source>NOT sandboxed: %1</source>
        <translation>NICHT in der Sandbox: %1</translation>
    </message>
    <message>
        <source>Command copied to the clipboard.</source>
        <translation>Befehl in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Run with %1 Anyway</source>
        <translation>Trotzdem mit %1 ausführen</translation>
    </message>
    <message>
        <source>FORCED: run with %1</source>
        <translation>ERZWUNGEN: ausgeführt mit %1</translation>
    </message>
    <message>
        <source>Change Server…</source>
        <translation>Server ändern…</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Run the self-tests, then time 100 inferences of each after 10 warm-up ones</source>
        <translation>Die Selbsttests ausführen, dann je 100 Inferenzen nach 10 zum Aufwärmen messen</translation>
    </message>
    <message>
        <source>Compare Backends…</source>
        <translation>Backends vergleichen…</translation>
    </message>
    <message>
        <source>Run the self-tests on this runner and on another runner or a server, and compare their outputs</source>
        <translation>Die Selbsttests auf diesem Runner und auf einem anderen Runner oder Server ausführen und ihre Ausgaben vergleichen</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>Verlauf…</translation>
    </message>
    <message>
        <source>The runs kept for this model and what changed between them</source>
        <translation>Die für dieses Modell gespeicherten Läufe und was sich zwischen ihnen geändert hat</translation>
    </message>
    <message>
        <source>Compare Backends</source>
        <translation>Backends vergleichen</translation>
    </message>
    <message>
        <source>warning: the run was not kept in the history: %1</source>
        <translation>Warnung: Der Lauf wurde nicht im Verlauf gespeichert: %1</translation>
    </message>
<message>
        <source>sandboxed (%1)</source>
        <translation>in der Sandbox (%1)</translation>
    </message>
    <message>
        <source>Could not run the self-tests (%1): %2</source>
        <translation>Die Selbsttests konnten nicht ausgeführt werden (%1): %2</translation>
    </message>
<message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
<message>
        <source>Could not run the self-tests: %1</source>
        <translation>Die Selbsttests konnten nicht ausgeführt werden: %1</translation>
    </message>
    </context>
<context>
    <name>studio::ShortcutsDialog</name>
    <message>
        <source>Panels</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
</context>
<context>
    <name>studio::SignatureRow</name>
    <message>
        <source>Check the signature again (after adding a key in Preferences)</source>
        <translation>Die Signatur erneut prüfen (nachdem ein Schlüssel in den Einstellungen hinzugefügt wurde)</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>%1 wird geprüft…</translation>
    </message>
    <message>
        <source>Not signed (no %1 next to the carton)</source>
        <translation>Nicht signiert (kein %1 neben dem Carton)</translation>
    </message>
    <message>
        <source>Signed with a key that is not known here: add its public key under Edit ▸ Preferences, or put KEY.pub.pem next to %1.</source>
        <translation>Mit einem hier unbekannten Schlüssel signiert: Fügen Sie seinen öffentlichen Schlüssel unter Bearbeiten ▸ Einstellungen hinzu oder legen Sie KEY.pub.pem neben %1.</translation>
    </message>
    <message>
        <source>Signed with a key that is not known here (its hint, the sha256 of its PEM file: %1): add its public key under Edit ▸ Preferences, or put KEY.pub.pem next to %2.</source>
        <translation>Mit einem hier unbekannten Schlüssel signiert (sein Hinweis, der SHA-256 seiner PEM-Datei: %1): Fügen Sie seinen öffentlichen Schlüssel unter Bearbeiten ▸ Einstellungen hinzu oder legen Sie KEY.pub.pem neben %2.</translation>
    </message>
    <message>
        <source>Invalid: the signature cannot be read. %1</source>
        <translation>Ungültig: Die Signatur kann nicht gelesen werden. %1</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 Datei</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 Dateien</translation>
    </message>
    <message>
        <source>Invalid (key %1): %2</source>
        <translation>Ungültig (Schlüssel %1): %2</translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation>Schlüssel: %1</translation>
    </message>
    <message>
        <source>Key hint (sha256 of the signer's PEM public key): %1</source>
        <translation>Schlüsselhinweis (SHA-256 des öffentlichen PEM-Schlüssels des Unterzeichners): %1</translation>
    </message>
    <message>
        <source>Fingerprint (sha256 of the DER public key): %1</source>
        <translation>Fingerabdruck (SHA-256 des öffentlichen DER-Schlüssels): %1</translation>
    </message>
    <message>
        <source>your trusted %1 key %2</source>
        <translation>Ihren vertrauenswürdigen %1-Schlüssel %2</translation>
    </message>
    <message>
        <source>%1 key %2, whose public key lies next to the carton; it is not one of your trusted keys</source>
        <translation>den %1-Schlüssel %2, dessen öffentlicher Schlüssel neben dem Carton liegt; er gehört nicht zu Ihren vertrauenswürdigen Schlüsseln</translation>
    </message>
    <message>
        <source>Verifying the files… this MANIFEST (%1) was signed by %2; the signature is valid only if every file matches it.</source>
        <translation>Dateien werden geprüft… Dieses MANIFEST (%1) wurde mit %2 signiert; die Signatur ist nur gültig, wenn jede Datei dazu passt.</translation>
    </message>
    <message>
        <source>Not valid yet: this MANIFEST (%1) was signed by %2, but the files have not all been verified against it (%3). Press F5 to verify.</source>
        <translation>Noch nicht gültig: Dieses MANIFEST (%1) wurde mit %2 signiert, aber die Dateien wurden nicht alle dagegen geprüft (%3). Drücken Sie F5 zum Prüfen.</translation>
    </message>
    <message>
        <source>Valid: this MANIFEST (%1) was signed by %2, and every file matches it.</source>
        <translation>Gültig: Dieses MANIFEST (%1) wurde mit %2 signiert, und jede Datei passt dazu.</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>Invalid: this MANIFEST was signed by %1 key %2, but files do not match it: %3.</source>
        <translation>Ungültig: Dieses MANIFEST wurde mit dem %1-Schlüssel %2 signiert, aber Dateien passen nicht dazu: %3.</translation>
    </message>
    <message>
        <source>Not checked (a detached signature is looked for only next to a carton on this computer)</source>
        <translation>Nicht geprüft (eine abgetrennte Signatur wird nur neben einem Carton auf diesem Computer gesucht)</translation>
    </message>
<message>
        <source>Trust this key…</source>
        <translation>Diesem Schlüssel vertrauen…</translation>
    </message>
    <message>
        <source>Fingerprint of the key that signed this carton:

%1

%2 key, from %3.

Compare it with the fingerprint its owner gave you (on their web page, in person), not with anything that came with the carton. Trust this key for every carton it signs?</source>
        <translation>Fingerabdruck des Schlüssels, der diesen Carton signiert hat:

%1

%2-Schlüssel, aus %3.

Vergleichen Sie ihn mit dem Fingerabdruck, den Ihnen sein Besitzer gegeben hat (auf seiner Webseite, persönlich), nicht mit etwas, das mit dem Carton kam. Diesem Schlüssel für jeden Carton vertrauen, den er signiert?</translation>
    </message>
    <message>
        <source>Trust This Key?</source>
        <translation>Diesem Schlüssel vertrauen?</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>the key file changed since the signature was checked</source>
        <translation>die Schlüsseldatei hat sich seit der Prüfung der Signatur geändert</translation>
    </message>
    <message>
        <source>Trust This Key</source>
        <translation>Diesem Schlüssel vertrauen</translation>
    </message>
    <message>
        <source>The key was not trusted: %1</source>
        <translation>Dem Schlüssel wurde nicht vertraut: %1</translation>
    </message>
    <message>
        <source>Signed by an unknown key, not checked: no public key here fits %1. Add the signer's public key under Edit ▸ Preferences, or put KEY.pub.pem next to it.</source>
        <translation>Mit einem unbekannten Schlüssel signiert, nicht geprüft: Kein öffentlicher Schlüssel hier passt zu %1. Fügen Sie den öffentlichen Schlüssel des Unterzeichners unter Bearbeiten ▸ Einstellungen hinzu, oder legen Sie KEY.pub.pem daneben.</translation>
    </message>
    <message>
        <source>Signed by an unknown key: %1 key %2. The signature over this MANIFEST (%3) is valid and every file matches it, but the key is not one of your trusted keys, so it says nothing about who made this carton.</source>
        <translation>Mit einem unbekannten Schlüssel signiert: %1-Schlüssel %2. Die Signatur über dieses MANIFEST (%3) ist gültig und jede Datei passt dazu, aber der Schlüssel gehört nicht zu Ihren vertrauenswürdigen Schlüsseln; sie sagt also nichts darüber, wer diesen Carton erstellt hat.</translation>
    </message>
    <message>
        <source>The bundle's key hint (model_signing's sha256 of the PEM text; not the key's fingerprint): %1</source>
        <translation>Der Schlüsselhinweis des Bundles (model_signings sha256 des PEM-Textes; nicht der Fingerabdruck des Schlüssels): %1</translation>
    </message>
    <message>
        <source>Fingerprint of the key that signed this model:

%1

%2 key, from %3.

Compare it with the fingerprint its owner gave you (on their web page, in person), not with anything that came with the model. Trust this key for every model and carton it signs?</source>
        <translation>Fingerabdruck des Schlüssels, der dieses Modell signiert hat:

%1

%2-Schlüssel, aus %3.

Vergleichen Sie ihn mit dem Fingerabdruck, den Ihnen sein Besitzer gegeben hat (auf seiner Webseite, persönlich), nicht mit etwas, das mit dem Modell kam. Diesem Schlüssel für jedes Modell und jeden Carton vertrauen, die er signiert?</translation>
    </message>
    <message>
        <source>%1 was signed with a certificate; the window checks signatures made with a key. Check it with: carton verify MODEL --signature %1 --cert-chain CA.pem</source>
        <translation>%1 wurde mit einem Zertifikat signiert; das Fenster prüft mit einem Schlüssel erstellte Signaturen. Prüfen Sie es mit: carton verify MODEL --signature %1 --cert-chain CA.pem</translation>
    </message>
    <message>
        <source>Not checked: %1.</source>
        <translation>Nicht geprüft: %1.</translation>
    </message>
    <message>
        <source>Looking for a model signature…</source>
        <translation>Modellsignatur wird gesucht…</translation>
    </message>
    <message>
        <source>Not signed (no model.sig, %1.sig or %1.sigstore.json next to it)</source>
        <translation>Nicht signiert (kein model.sig, %1.sig oder %1.sigstore.json daneben)</translation>
    </message>
    <message>
        <source>Signed, not checked: %1</source>
        <translation>Signiert, nicht geprüft: %1</translation>
    </message>
    <message>
        <source>Valid: this model (%1) matches the OpenSSF model signature %2 by your trusted %3 key %4. %5</source>
        <translation>Gültig: Dieses Modell (%1) passt zur OpenSSF-Modellsignatur %2 Ihres vertrauenswürdigen %3-Schlüssels %4. %5</translation>
    </message>
    <message>
        <source>Signed by an unknown key: %1 key %2. The OpenSSF model signature %3 is valid and this model (%4) matches it, but the key is not one of your trusted keys, so it says nothing about who made this model. %5</source>
        <translation>Mit einem unbekannten Schlüssel signiert: %1-Schlüssel %2. Die OpenSSF-Modellsignatur %3 ist gültig und dieses Modell (%4) passt dazu, aber der Schlüssel gehört nicht zu Ihren vertrauenswürdigen Schlüsseln; sie sagt also nichts darüber, wer dieses Modell erstellt hat. %5</translation>
    </message>
    <message>
        <source>Invalid (%1): %2 %3</source>
        <translation>Ungültig (%1): %2 %3</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>Nicht geprüft: %1</translation>
    </message>
</context>
<context>
    <name>studio::SliceControls</name>
    <message>
        <source>Auto</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>Fest</translation>
    </message>
    <message>
        <source>Scientific</source>
        <translation>Wissenschaftlich</translation>
    </message>
    <message>
        <source>Hex (integers)</source>
        <translation>Hex (Ganzzahlen)</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>&amp;Zeilen:</translation>
    </message>
    <message>
        <source>Co&amp;lumns:</source>
        <translation>&amp;Spalten:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>dim %1 (%2)</source>
        <translation>Dim. %1 (%2)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>dim %1:</source>
        <translation>Dim. %1:</translation>
    </message>
    <message>
        <source> / %1</source>
        <translation> / %1</translation>
    </message>
</context>
<context>
    <name>studio::SpdxLicenses</name>
    <message>
        <source>the license is empty</source>
        <translation>die Lizenz ist leer</translation>
    </message>
    <message>
        <source>"%1" is not a license identifier (letters, digits, '.' and '-' only)</source>
        <translation>„%1“ ist kein Lizenzbezeichner (nur Buchstaben, Ziffern, „.“ und „-“)</translation>
    </message>
    <message>
        <source>"%1" is a license exception; write it after WITH (e.g. "GPL-2.0-or-later WITH %1")</source>
        <translation>„%1“ ist eine Lizenzausnahme; schreiben Sie sie nach WITH (z. B. „GPL-2.0-or-later WITH %1“)</translation>
    </message>
    <message>
        <source>write the operator "%1" in capitals: %2</source>
        <translation>schreiben Sie den Operator „%1“ in Großbuchstaben: %2</translation>
    </message>
    <message>
        <source>"%1" is not an SPDX license identifier; pick one from the list or write LicenseRef-NAME for a license of your own</source>
        <translation>„%1“ ist kein SPDX-Lizenzbezeichner; wählen Sie einen aus der Liste oder schreiben Sie LicenseRef-NAME für eine eigene Lizenz</translation>
    </message>
    <message>
        <source>"%1" is written "%2" in the SPDX list</source>
        <translation>„%1“ wird in der SPDX-Liste „%2“ geschrieben</translation>
    </message>
    <message>
        <source>"%1" is deprecated in the SPDX list (e.g. GPL-2.0 is now GPL-2.0-only or GPL-2.0-or-later)</source>
        <translation>„%1“ ist in der SPDX-Liste veraltet (z. B. heißt GPL-2.0 jetzt GPL-2.0-only oder GPL-2.0-or-later)</translation>
    </message>
    <message>
        <source>the expression ends where a license was expected</source>
        <translation>der Ausdruck endet, wo eine Lizenz erwartet wurde</translation>
    </message>
    <message>
        <source>too many nested parentheses</source>
        <translation>zu viele verschachtelte Klammern</translation>
    </message>
    <message>
        <source>a "(" is not closed</source>
        <translation>ein „(“ wird nicht geschlossen</translation>
    </message>
    <message>
        <source>"%1" where a license was expected</source>
        <translation>„%1“, wo eine Lizenz erwartet wurde</translation>
    </message>
    <message>
        <source>WITH must be followed by a license exception</source>
        <translation>auf WITH muss eine Lizenzausnahme folgen</translation>
    </message>
    <message>
        <source>"%1" is not an SPDX license exception</source>
        <translation>„%1“ ist keine SPDX-Lizenzausnahme</translation>
    </message>
    <message>
        <source>a ")" has no "("</source>
        <translation>ein „)“ hat kein „(“</translation>
    </message>
    <message>
        <source>"%1" follows a license without AND, OR or WITH</source>
        <translation>„%1“ folgt auf eine Lizenz ohne AND, OR oder WITH</translation>
    </message>
    <message>
        <source>not a valid SPDX license expression: %1</source>
        <translation>kein gültiger SPDX-Lizenzausdruck: %1</translation>
    </message>
</context>
<context>
    <name>studio::SpecsPage</name>
    <message>
        <source>None declared.</source>
        <translation>Keine deklariert.</translation>
    </message>
    <message>
        <source>Inputs (%1)</source>
        <translation>Eingaben (%1)</translation>
    </message>
    <message>
        <source>Outputs (%1)</source>
        <translation>Ausgaben (%1)</translation>
    </message>
    <message>
        <source>input %1</source>
        <translation>Eingabe %1</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>Ausgabe %1</translation>
    </message>
<message>
        <source>Shape symbols</source>
        <translation>Form-Symbole</translation>
    </message>
    <message>
        <source>A symbol has one value across all inputs and outputs within one self-test; * may differ at each use.</source>
        <translation>Ein Symbol hat über alle Ein- und Ausgaben eines Selbsttests hinweg einen Wert; * kann bei jeder Verwendung abweichen.</translation>
    </message>
    <message>
        <source>Fill from Model…</source>
        <translation>Aus Modell übernehmen…</translation>
    </message>
    <message>
        <source>Take the inputs and outputs (names, dtypes, shapes) from the model file's own signature</source>
        <translation>Die Ein- und Ausgaben (Namen, dtypes, Formen) aus der eigenen Signatur der Modelldatei übernehmen</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add an output after the current one (Insert)</source>
        <translation>Eine Ausgabe nach der aktuellen hinzufügen (Insert)</translation>
    </message>
    <message>
        <source>Add an input after the current one (Insert)</source>
        <translation>Eine Eingabe nach der aktuellen hinzufügen (Insert)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected outputs (Delete)</source>
        <translation>Die ausgewählten Ausgaben entfernen (Delete)</translation>
    </message>
    <message>
        <source>Remove the selected inputs (Delete)</source>
        <translation>Die ausgewählten Eingaben entfernen (Delete)</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move the current output up (Alt+Up)</source>
        <translation>Die aktuelle Ausgabe nach oben verschieben (Alt+Up)</translation>
    </message>
    <message>
        <source>Move the current input up (Alt+Up)</source>
        <translation>Die aktuelle Eingabe nach oben verschieben (Alt+Up)</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Move the current output down (Alt+Down)</source>
        <translation>Die aktuelle Ausgabe nach unten verschieben (Alt+Down)</translation>
    </message>
    <message>
        <source>Move the current input down (Alt+Down)</source>
        <translation>Die aktuelle Eingabe nach unten verschieben (Alt+Down)</translation>
    </message>
    <message>
        <source>Fill from Model</source>
        <translation>Aus Modell übernehmen</translation>
    </message>
    <message>
        <source>No file in model/ declares its inputs and outputs. An ONNX model does; a TorchScript or Python model does not say them in its files.</source>
        <translation>Keine Datei in model/ deklariert ihre Ein- und Ausgaben. Ein ONNX-Modell tut das; ein TorchScript- oder Python-Modell nennt sie nicht in seinen Dateien.</translation>
    </message>
    <message>
        <source>Replace %1 input(s) and %2 output(s) with the %3 input(s) and %4 output(s) of %5?</source>
        <translation>%1 Eingabe(n) und %2 Ausgabe(n) durch die %3 Eingabe(n) und %4 Ausgabe(n) von %5 ersetzen?</translation>
    </message>
    <message>
        <source>Descriptions of names that stay are kept. Edit ▸ Undo takes it back.</source>
        <translation>Beschreibungen von Namen, die bleiben, werden behalten. Bearbeiten ▸ Rückgängig nimmt es zurück.</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Fill Inputs and Outputs from Model</source>
        <translation>Ein- und Ausgaben aus Modell übernehmen</translation>
    </message>
    <message>
        <source>Filled from %1.</source>
        <translation>Aus %1 übernommen.</translation>
    </message>
    <message>
        <source>Filled from %1; left out, as Carton v1 has no dtype for them: %2</source>
        <translation>Aus %1 übernommen; ausgelassen, da Carton v1 keinen dtype dafür hat: %2</translation>
    </message>
    <message>
        <source>Add Output</source>
        <translation>Ausgabe hinzufügen</translation>
    </message>
    <message>
        <source>Add Input</source>
        <translation>Eingabe hinzufügen</translation>
    </message>
    <message>
        <source>Remove Output</source>
        <translation>Ausgabe entfernen</translation>
    </message>
    <message>
        <source>Remove Input</source>
        <translation>Eingabe entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Outputs</source>
        <translation>
            <numerusform>%n Ausgabe entfernen</numerusform>
            <numerusform>%n Ausgaben entfernen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Inputs</source>
        <translation>
            <numerusform>%n Eingabe entfernen</numerusform>
            <numerusform>%n Eingaben entfernen</numerusform>
        </translation>
    </message>
    <message>
        <source>Move Output Up</source>
        <translation>Ausgabe nach oben verschieben</translation>
    </message>
    <message>
        <source>Move Input Up</source>
        <translation>Eingabe nach oben verschieben</translation>
    </message>
    <message>
        <source>Move Output Down</source>
        <translation>Ausgabe nach unten verschieben</translation>
    </message>
    <message>
        <source>Move Input Down</source>
        <translation>Eingabe nach unten verschieben</translation>
    </message>
</context>
<context>
    <name>studio::StatsPanel</name>
    <message>
        <source>Whole tensor</source>
        <translation>Ganzer Tensor</translation>
    </message>
    <message>
        <source>Current slice</source>
        <translation>Aktueller Ausschnitt</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min.</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>Nullen</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>+Inf</source>
        <translation>+Inf</translation>
    </message>
    <message>
        <source>−Inf</source>
        <translation>−Inf</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Slice %1</source>
        <translation>Ausschnitt %1</translation>
    </message>
    <message>
        <source>Shape %1</source>
        <translation>Form %1</translation>
    </message>
    <message>
        <source>Log count</source>
        <translation>Logarithmische Anzahl</translation>
    </message>
    <message>
        <source>Histogram bars scale with log10(1 + count), so rare values stay visible</source>
        <translation>Die Balken des Histogramms wachsen mit log10(1 + Anzahl), damit seltene Werte sichtbar bleiben</translation>
    </message>
</context>
<context>
    <name>studio::StringTableModel</name>
    <message>
        <source>The selection is outside the slice.</source>
        <translation>Die Auswahl liegt außerhalb des Ausschnitts.</translation>
    </message>
    <message>
        <source>… %1 more not shown</source>
        <translation>… %1 weitere nicht angezeigt</translation>
    </message>
    <message>
        <source>empty string</source>
        <translation>leere Zeichenkette</translation>
    </message>
    <message>
        <source>length %1</source>
        <translation>Länge %1</translation>
    </message>
</context>
<context>
    <name>studio::SummaryLine</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Show the whole message</source>
        <translation>Die ganze Meldung zeigen</translation>
    </message>
    <message>
        <source>Hide the details</source>
        <translation>Details ausblenden</translation>
    </message>
</context>
<context>
    <name>studio::SymbolPanel</name>
    <message>
        <source>Symbol</source>
        <translation>Symbol</translation>
    </message>
    <message>
        <source>Used in</source>
        <translation>Verwendet in</translation>
    </message>
    <message>
        <source>Values in self-tests / examples</source>
        <translation>Werte in Selbsttests / Beispielen</translation>
    </message>
    <message>
        <source>%1 (whole shape)</source>
        <translation>%1 (ganze Form)</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>%1 in %2 sections</source>
        <translation>%1 in %2 Abschnitten</translation>
    </message>
    <message>
        <source>= %1 in %2</source>
        <translation>= %1 in %2</translation>
    </message>
    <message>
        <source>conflicts in %1</source>
        <translation>Konflikte in %1</translation>
    </message>
    <message>
        <source>not bound by any self-test or example</source>
        <translation>von keinem Selbsttest oder Beispiel gebunden</translation>
    </message>
    <message numerus="yes">
        <source>%n more value(s)</source>
        <translation>
            <numerusform>%n weiterer Wert</numerusform>
            <numerusform>%n weitere Werte</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 aus %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source> but </source>
        <translation> aber </translation>
    </message>
    <message>
        <source>This symbol takes two values within one self-test: every use of a symbol must have the same value in one inference call.</source>
        <translation>Dieses Symbol hat innerhalb eines Selbsttests zwei Werte: Jede Verwendung eines Symbols muss in einem Inferenzaufruf denselben Wert haben.</translation>
    </message>
</context>
<context>
    <name>studio::TensorFileBrowser</name>
    <message>
        <source>safetensors, header %1 bytes</source>
        <translation>safetensors, Header %1 Bytes</translation>
    </message>
    <message>
        <source>__metadata__ key</source>
        <translation>__metadata__-Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Reading the header of %1…</source>
        <translation>Header von %1 wird gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1 — %2, %n Tensor</numerusform>
            <numerusform>%1 — %2, %n Tensoren</numerusform>
        </translation>
    </message>
    <message>
        <source>The file holds no tensors.</source>
        <translation>Die Datei enthält keine Tensoren.</translation>
    </message>
    <message>
        <source>Select a tensor to see its values.</source>
        <translation>Wählen Sie einen Tensor, um seine Werte zu sehen.</translation>
    </message>
    <message>
        <source>NumPy .npy version %1, %2 order, descr %3</source>
        <translation>NumPy .npy Version %1, %2-Reihenfolge, descr %3</translation>
    </message>
</context>
<context>
    <name>studio::TensorFileModel</name>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
</context>
<context>
    <name>studio::TensorFindBar</name>
    <message>
        <source>Go to: row, col (Ctrl+G)</source>
        <translation>Gehe zu: Zeile, Spalte (Ctrl+G)</translation>
    </message>
    <message>
        <source>A cell of the shown slice ("3, 17") or a whole index of the tensor ("0, 2, 3, 17")</source>
        <translation>Eine Zelle des gezeigten Ausschnitts ("3, 17") oder ein vollständiger Index des Tensors ("0, 2, 3, 17")</translation>
    </message>
    <message>
        <source>Find: NaN, Inf, &gt; x… (Ctrl+F)</source>
        <translation>Suchen: NaN, Inf, &gt; x… (Ctrl+F)</translation>
    </message>
    <message>
        <source>NaN, Inf, +Inf, -Inf, &gt; x, &gt;= x, &lt; x, &lt;= x, == x, != x; F3 / Shift+F3: next / previous</source>
        <translation>NaN, Inf, +Inf, -Inf, &gt; x, &gt;= x, &lt; x, &lt;= x, == x, != x; F3 / Shift+F3: nächster / vorheriger</translation>
    </message>
    <message>
        <source>Find Previous (Shift+F3)</source>
        <translation>Vorherigen suchen (Shift+F3)</translation>
    </message>
    <message>
        <source>Find Next (F3)</source>
        <translation>Nächsten suchen (F3)</translation>
    </message>
    <message>
        <source>"%1" is not an index: give whole numbers separated by commas</source>
        <translation>„%1“ ist kein Index: Geben Sie ganze Zahlen durch Kommas getrennt ein</translation>
    </message>
    <message>
        <source>Index %1 is out of range for dimension %2 (size %3)</source>
        <translation>Index %1 liegt außerhalb von Dimension %2 (Größe %3)</translation>
    </message>
    <message>
        <source>Row %1 is out of range for dimension %2 (size %3)</source>
        <translation>Zeile %1 liegt außerhalb von Dimension %2 (Größe %3)</translation>
    </message>
    <message>
        <source>Column %1 is out of range for dimension %2 (size %3)</source>
        <translation>Spalte %1 liegt außerhalb von Dimension %2 (Größe %3)</translation>
    </message>
    <message>
        <source>Give %1 numbers (row, column of the slice) or %2 (a whole index of the tensor)</source>
        <translation>Geben Sie %1 Zahlen (Zeile, Spalte des Ausschnitts) oder %2 (einen vollständigen Index des Tensors) ein</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>No match in this slice</source>
        <translation>Kein Treffer in diesem Ausschnitt</translation>
    </message>
    <message>
        <source>Searching… %1%</source>
        <translation>Suche läuft… %1 %</translation>
    </message>
    <message>
        <source>match %1 of %2</source>
        <translation>Treffer %1 von %2</translation>
    </message>
</context>
<context>
    <name>studio::TensorImage</name>
    <message>
        <source>%1 × %2 pixels are more than the %3 per side shown as a picture.</source>
        <translation>%1 × %2 Pixel sind mehr als die %3 je Seite, die als Bild gezeigt werden.</translation>
    </message>
</context>
<context>
    <name>studio::TensorListModel</name>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <source>self-test %1</source>
        <translation>Selbsttest %1</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>expected output</source>
        <translation>erwartete Ausgabe</translation>
    </message>
    <message>
        <source>example %1</source>
        <translation>Beispiel %1</translation>
    </message>
    <message>
        <source>sample output</source>
        <translation>Beispielausgabe</translation>
    </message>
    <message numerus="yes">
        <source>%n inner</source>
        <translation>
            <numerusform>%n innerer</numerusform>
            <numerusform>%n innere</numerusform>
        </translation>
    </message>
    <message>
        <source>inner of %1</source>
        <translation>innerer von %1</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Datentyp</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Referenced by</source>
        <translation>Verwendet von</translation>
    </message>
</context>
<context>
    <name>studio::TensorRefsModel</name>
    <message numerus="yes">
        <source>nested (%n inner tensors)</source>
        <translation>
            <numerusform>verschachtelt (%n innerer Tensor)</numerusform>
            <numerusform>verschachtelt (%n innere Tensoren)</numerusform>
        </translation>
    </message>
    <message>
        <source>not given</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>no tensor "%1" in tensor_data/index.toml</source>
        <translation>kein Tensor „%1“ in tensor_data/index.toml</translation>
    </message>
    <message>
        <source>no file %1 in the carton</source>
        <translation>keine Datei %1 im Carton</translation>
    </message>
    <message>
        <source>file, %1</source>
        <translation>Datei, %1</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>not a reference</source>
        <translation>kein Verweis</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Expected output</source>
        <translation>Erwartete Ausgabe</translation>
    </message>
    <message>
        <source>Sample output</source>
        <translation>Beispielausgabe</translation>
    </message>
    <message>
        <source>%1 (not declared)</source>
        <translation>%1 (nicht deklariert)</translation>
    </message>
    <message>
        <source>%1 "%2": %3</source>
        <translation>%1 „%2“: %3</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Pick a tensor from tensor_data/ or type its name</source>
        <translation>Wählen Sie einen Tensor aus tensor_data/ oder geben Sie seinen Namen ein</translation>
    </message>
    <message>
        <source>Clear %1 of %2</source>
        <translation>%1 von %2 leeren</translation>
    </message>
    <message>
        <source>Set %1 of %2</source>
        <translation>%1 von %2 setzen</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Declared</source>
        <translation>Deklariert</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>"%1" is not a declared input of the carton: the key is kept as it is</source>
        <translation>„%1“ ist keine deklarierte Eingabe des Cartons: Der Schlüssel bleibt unverändert erhalten</translation>
    </message>
    <message>
        <source>"%1" is not a declared output of the carton: the key is kept as it is</source>
        <translation>„%1“ ist keine deklarierte Ausgabe des Cartons: Der Schlüssel bleibt unverändert erhalten</translation>
    </message>
</context>
<context>
    <name>studio::TensorRefsPane</name>
    <message>
        <source>One row per declared input and output. Edit the Tensor cell (F2 or double-click) to pick a tensor of tensor_data/</source>
        <translation>Eine Zeile pro deklarierter Ein- und Ausgabe. Bearbeiten Sie die Zelle „Tensor“ (F2 oder Doppelklick), um einen Tensor aus tensor_data/ zu wählen</translation>
    </message>
    <message>
        <source>&amp;Import Tensor…</source>
        <translation>Tensor &amp;importieren…</translation>
    </message>
    <message>
        <source>Add a tensor from a .npy or .safetensors file to tensor_data/ and use it in the selected row</source>
        <translation>Einen Tensor aus einer .npy- oder .safetensors-Datei zu tensor_data/ hinzufügen und in der ausgewählten Zeile verwenden</translation>
    </message>
    <message>
        <source>Add &amp;File…</source>
        <translation>&amp;Datei hinzufügen…</translation>
    </message>
    <message>
        <source>Add an image, audio or video file to misc/ and use it in the selected row (examples only)</source>
        <translation>Eine Bild-, Audio- oder Videodatei zu misc/ hinzufügen und in der ausgewählten Zeile verwenden (nur Beispiele)</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>&amp;Leeren</translation>
    </message>
    <message>
        <source>Remove the selected row's tensor (Delete)</source>
        <translation>Den Tensor der ausgewählten Zeile entfernen (Delete)</translation>
    </message>
    <message numerus="yes">
        <source>tensor_data/ holds %n tensor(s)</source>
        <translation>
            <numerusform>tensor_data/ enthält %n Tensor</numerusform>
            <numerusform>tensor_data/ enthält %n Tensoren</numerusform>
        </translation>
    </message>
    <message>
        <source>tensor_data/index.toml cannot be read</source>
        <translation>tensor_data/index.toml kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>no self-test or example is selected</source>
        <translation>kein Selbsttest oder Beispiel ausgewählt</translation>
    </message>
    <message>
        <source>Import Tensor %1</source>
        <translation>Tensor %1 importieren</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>no example is selected</source>
        <translation>kein Beispiel ausgewählt</translation>
    </message>
    <message>
        <source>Add File %1</source>
        <translation>Datei %1 hinzufügen</translation>
    </message>
    <message>
        <source>Import Tensor</source>
        <translation>Tensor importieren</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.safetensors);;All files (*)</source>
        <translation>Tensoren (*.npy *.safetensors);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 holds no tensor.</source>
        <translation>%1 enthält keinen Tensor.</translation>
    </message>
    <message>
        <source>Tensor of %1:</source>
        <translation>Tensor aus %1:</translation>
    </message>
    <message>
        <source>Name in tensor_data/:</source>
        <translation>Name in tensor_data/:</translation>
    </message>
    <message>
        <source>Add File to misc/</source>
        <translation>Datei zu misc/ hinzufügen</translation>
    </message>
    <message>
        <source>Images, audio and video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;All files (*)</source>
        <translation>Bilder, Audio und Video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>Datei hinzufügen</translation>
    </message>
    <message>
        <source>the import was cancelled</source>
        <translation>der Import wurde abgebrochen</translation>
    </message>
</context>
<context>
    <name>studio::TensorTableModel</name>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>No tensor is shown.</source>
        <translation>Es wird kein Tensor gezeigt.</translation>
    </message>
    <message>
        <source>The selection is outside the slice.</source>
        <translation>Die Auswahl liegt außerhalb des Ausschnitts.</translation>
    </message>
    <message>
        <source>%1 × %2 cells are more than the %3 that can be copied at once; export the slice as CSV instead.</source>
        <translation>%1 × %2 Zellen sind mehr als die %3, die auf einmal kopiert werden können; exportieren Sie den Ausschnitt stattdessen als CSV.</translation>
    </message>
</context>
<context>
    <name>studio::TensorViewer</name>
    <message>
        <source>Export slice as CSV…</source>
        <translation>Ausschnitt als CSV exportieren…</translation>
    </message>
    <message>
        <source>Copy as TSV</source>
        <translation>Als TSV kopieren</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Linear</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>Als PNG exportieren…</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Scale:</source>
        <translation>Skala:</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Inner tensor</source>
        <translation>Innerer Tensor</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message numerus="yes">
        <source>%1: nested, %n inner tensor(s)</source>
        <translation>
            <numerusform>%1: verschachtelt, %n innerer Tensor</numerusform>
            <numerusform>%1: verschachtelt, %n innere Tensoren</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <source>Reading slice %1…</source>
        <translation>Ausschnitt %1 wird gelesen…</translation>
    </message>
    <message>
        <source>Reading slice %1… %2%</source>
        <translation>Ausschnitt %1 wird gelesen… %2 %</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>%1 × %2 pixels, %3 channel(s), %4</source>
        <translation>%1 × %2 Pixel, Kanäle: %3, %4</translation>
    </message>
    <message>
        <source>channels first (C×H×W)</source>
        <translation>Kanäle zuerst (C×H×W)</translation>
    </message>
    <message>
        <source>channels last (H×W×C)</source>
        <translation>Kanäle zuletzt (H×W×C)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: Schreiben nicht möglich: %2</translation>
    </message>
    <message>
        <source>Export slice as CSV</source>
        <translation>Ausschnitt als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export heatmap as PNG</source>
        <translation>Heatmap als PNG exportieren</translation>
    </message>
    <message>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>%1 konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>grey (H×W)</source>
        <translation>grau (H×W)</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
</context>
<context>
    <name>studio::TensorsPage</name>
    <message>
        <source>Select a tensor to see its values.</source>
        <translation>Wählen Sie einen Tensor, um seine Werte zu sehen.</translation>
    </message>
    <message>
        <source>This carton has no tensor data.</source>
        <translation>Dieses Carton hat keine Tensordaten.</translation>
    </message>
    <message>
        <source>tensor_data/index.toml is missing or could not be read.</source>
        <translation>tensor_data/index.toml fehlt oder konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>No tensor named %1 in tensor_data/index.toml.</source>
        <translation>Kein Tensor namens %1 in tensor_data/index.toml.</translation>
    </message>
    <message>
        <source>Filter tensors (Ctrl+F)</source>
        <translation>Tensoren filtern (Ctrl+F)</translation>
    </message>
</context>
<context>
    <name>studio::ToleranceBar</name>
    <message>
        <source>Tolerance:</source>
        <translation>Toleranz:</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>close</source>
        <translation>eng</translation>
    </message>
    <message>
        <source>approximate</source>
        <translation>ungefähr</translation>
    </message>
    <message>
        <source>loose</source>
        <translation>locker</translation>
    </message>
    <message>
        <source>Tolerance level; per-dtype figures (float16 and bfloat16 are looser)</source>
        <translation>Toleranzstufe; Werte je Datentyp (float16 und bfloat16 sind großzügiger)</translation>
    </message>
    <message>
        <source>Relative tolerance for every output (1e-4), or per output (y:1e-3), comma-separated</source>
        <translation>Relative Toleranz für jede Ausgabe (1e-4) oder je Ausgabe (y:1e-3), kommagetrennt</translation>
    </message>
    <message>
        <source>Absolute tolerance for every output (1e-6), or per output (y:1e-3), comma-separated</source>
        <translation>Absolute Toleranz für jede Ausgabe (1e-6) oder je Ausgabe (y:1e-3), kommagetrennt</translation>
    </message>
    <message>
        <source>Carton's tolerances</source>
        <translation>Toleranzen des Cartons</translation>
    </message>
    <message>
        <source>Use the tolerances the carton carries in [self_test.tolerance]</source>
        <translation>Die Toleranzen verwenden, die das Carton in [self_test.tolerance] mitbringt</translation>
    </message>
    <message>
        <source>Run despite spec mismatches</source>
        <translation>Trotz Spezifikationsabweichungen ausführen</translation>
    </message>
    <message>
        <source>Run self-tests whose tensors contradict [[input]] or [[output]] instead of reporting them as "cannot run"</source>
        <translation>Selbsttests, deren Tensoren [[input]] oder [[output]] widersprechen, ausführen, statt sie als "nicht ausführbar" zu melden</translation>
    </message>
    <message>
        <source>from preset</source>
        <translation>aus Vorgabe</translation>
    </message>
</context>
<context>
    <name>studio::ToleranceEdit</name>
    <message>
        <source>rtol</source>
        <translation>rtol</translation>
    </message>
    <message>
        <source>atol</source>
        <translation>atol</translation>
    </message>
    <message>
        <source>equal_nan</source>
        <translation>equal_nan</translation>
    </message>
    <message>
        <source>[self_test.tolerance]: numbers &gt;= 0 (rtol, atol) and true/false (equal_nan); empty: not set</source>
        <translation>[self_test.tolerance]: Zahlen &gt;= 0 (rtol, atol) und true/false (equal_nan); leer: nicht gesetzt</translation>
    </message>
    <message>
        <source>all outputs</source>
        <translation>alle Ausgaben</translation>
    </message>
    <message>
        <source>%1 (not a declared output)</source>
        <translation>%1 (keine deklarierte Ausgabe)</translation>
    </message>
    <message>
        <source>equal_nan is true, false or empty, not "%1"</source>
        <translation>equal_nan ist true, false oder leer, nicht „%1“</translation>
    </message>
    <message>
        <source>%1 is a number &gt;= 0, not "%2"</source>
        <translation>%1 ist eine Zahl &gt;= 0, nicht „%2“</translation>
    </message>
</context>
<context>
    <name>studio::TrustedKeysEdit</name>
    <message>
        <source>Add Key…</source>
        <translation>Schlüssel hinzufügen…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>%1 — cannot be read</source>
        <translation>%1 — nicht lesbar</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>Nicht hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Trust Public Keys</source>
        <translation>Öffentlichen Schlüsseln vertrauen</translation>
    </message>
    <message>
        <source>PEM public keys (*.pem *.pub);;All files (*)</source>
        <translation>Öffentliche PEM-Schlüssel (*.pem *.pub);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 — %2 key %3</source>
        <translation>%1 — %2-Schlüssel %3</translation>
    </message>
<message>
        <source>Not added: %1 is a PRIVATE key. Keep it secret; trust its public half instead (for example: openssl pkey -in %1 -pubout -out key.pub.pem).</source>
        <translation>Nicht hinzugefügt: %1 ist ein PRIVATER Schlüssel. Halten Sie ihn geheim; vertrauen Sie stattdessen seiner öffentlichen Hälfte (zum Beispiel: openssl pkey -in %1 -pubout -out key.pub.pem).</translation>
    </message>
</context>
<context>
    <name>studio::UserGuideDialog</name>
    <message>
        <source>Carton Studio User Guide</source>
        <translation>Carton Studio – Benutzerhandbuch (Englisch)</translation>
    </message>
    <message>
        <source>The user guide is missing from this build.</source>
        <translation>Das Benutzerhandbuch fehlt in diesem Build.</translation>
    </message>
</context>
<context>
    <name>studio::ValueQuery</name>
    <message>
        <source>"%1" is not a search: use NaN, Inf, -Inf, &gt; x, &lt; x, == x or != x</source>
        <translation>„%1“ ist keine Suche: Verwenden Sie NaN, Inf, -Inf, &gt; x, &lt; x, == x oder != x</translation>
    </message>
    <message>
        <source>Search cancelled</source>
        <translation>Suche abgebrochen</translation>
    </message>
</context>
<context>
    <name>studio::VerificationStatus</name>
    <message>
        <source>Cancel verification</source>
        <translation>Prüfung abbrechen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%1% · %2 of %3</source>
        <translation>%1 % · %2 von %3</translation>
    </message>
    <message>
        <source> · %1/s</source>
        <translation> · %1/s</translation>
    </message>
    <message>
        <source> · %1 min %2 s left</source>
        <translation> · noch %1 min %2 s</translation>
    </message>
    <message>
        <source> · %1 s left</source>
        <translation> · noch %1 s</translation>
    </message>
</context>
<context>
    <name>studio::ViewUtils</name>
    <message>
        <source>Stored</source>
        <translation>Stored</translation>
    </message>
    <message>
        <source>Deflate</source>
        <translation>Deflate</translation>
    </message>
    <message>
        <source>zstd</source>
        <translation>zstd</translation>
    </message>
    <message>
        <source>method %1</source>
        <translation>Methode %1</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlt</translation>
    </message>
    <message>
        <source>Linked</source>
        <translation>Verknüpft</translation>
    </message>
    <message>
        <source>Not in MANIFEST</source>
        <translation>Nicht in MANIFEST</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>Nicht lesbar</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>No MANIFEST yet</source>
        <translation>Noch kein MANIFEST</translation>
    </message>
</context>
<context>
    <name>studio::WaveformBuilder</name>
    <message>
        <source>the audio could not be decoded</source>
        <translation>das Audio konnte nicht dekodiert werden</translation>
    </message>
</context>
<context>
    <name>studio::WaveformView</name>
    <message>
        <source>Waveform of the whole file; click to play from there</source>
        <translation>Wellenform der ganzen Datei; klicken, um ab dort abzuspielen</translation>
    </message>
    <message>
        <source>No waveform: %1</source>
        <translation>Keine Wellenform: %1</translation>
    </message>
    <message>
        <source>Computing the waveform…</source>
        <translation>Wellenform wird berechnet …</translation>
    </message>
</context>
<context>
    <name>studio::WelcomePage</name>
    <message>
        <source>No recent cartons.</source>
        <translation>Keine zuletzt geöffneten Cartons.</translation>
    </message>
    <message>
        <source>Open Carton…</source>
        <translation>Carton öffnen…</translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation>Ordner öffnen…</translation>
    </message>
    <message>
        <source>Open Sample Carton</source>
        <translation>Beispiel-Carton öffnen</translation>
    </message>
    <message>
        <source>Browse and check .carton model packages.</source>
        <translation>.carton-Modellpakete durchsuchen und prüfen.</translation>
    </message>
    <message>
        <source>The sample carton was not found next to the application.</source>
        <translation>Das Beispiel-Carton wurde neben der Anwendung nicht gefunden.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Start&lt;/b&gt;</source>
        <translation>&lt;b&gt;Start&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Or drop .carton files and carton folders anywhere on this window.</source>
        <translation>Oder legen Sie .carton-Dateien und Carton-Ordner irgendwo in diesem Fenster ab.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Recent&lt;/b&gt;</source>
        <translation>&lt;b&gt;Zuletzt geöffnet&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>studio::WindowDropTarget</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiteres</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::GraphChangesModel</name>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>Was sich geändert hat</translation>
    </message>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
</context>
<context>
    <name>studio::WeightChart</name>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>relative change %1</source>
        <translation>relative Änderung %1</translation>
    </message>
    <message>
        <source>Relative change of each weight (‖B−A‖/‖A‖, log scale), in model order</source>
        <translation>Relative Änderung jedes Gewichts (‖B−A‖/‖A‖, logarithmisch), in Modellreihenfolge</translation>
    </message>
</context>
<context>
    <name>studio::WeightDeltaView</name>
    <message>
        <source>Left (A)</source>
        <translation>Links (A)</translation>
    </message>
    <message>
        <source>Right (B)</source>
        <translation>Rechts (B)</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>Click a weight in the chart or the table to see both sides and their difference.</source>
        <translation>Ein Gewicht im Diagramm oder in der Tabelle anklicken, um beide Seiten und ihre Differenz zu sehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 × %3 shown; left and right share one colour scale (%4 to %5), the difference its own (±%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 × %3 gezeigt; links und rechts teilen eine Farbskala (%4 bis %5), die Differenz hat eine eigene (±%6)</translation>
    </message>
</context>
<context>
    <name>studio::WeightDiffModel</name>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Shape (left)</source>
        <translation>Form (links)</translation>
    </message>
    <message>
        <source>Shape (right)</source>
        <translation>Form (rechts)</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Max |B−A|</source>
        <translation>Max |B−A|</translation>
    </message>
    <message>
        <source>‖B−A‖/‖A‖</source>
        <translation>‖B−A‖/‖A‖</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>Left: %1 (paired by %2)</source>
        <translation>Links: %1 (zugeordnet nach %2)</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>Tensorname</translation>
    </message>
    <message>
        <source>position and shape</source>
        <translation>Position und Form</translation>
    </message>
</context>
<context>
    <name>studio::GuessesBanner</name>
    <message>
        <source>Confirm</source>
        <translation>Bestätigen</translation>
    </message>
    <message>
        <source>The guessed fields are right (each can still be edited)</source>
        <translation>Die geschätzten Felder stimmen (jedes bleibt bearbeitbar)</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Short description</source>
        <translation>Kurzbeschreibung</translation>
    </message>
    <message>
        <source>Model description</source>
        <translation>Modellbeschreibung</translation>
    </message>
    <message>
        <source>(not filled)</source>
        <translation>(nicht ausgefüllt)</translation>
    </message>
    <message>
        <source>Filled in from the model: please check each field, then confirm.</source>
        <translation>Aus dem Modell ausgefüllt: bitte jedes Feld prüfen, dann bestätigen.</translation>
    </message>
    <message>
        <source>%1 (edited since)</source>
        <translation>%1 (seitdem bearbeitet)</translation>
    </message>
</context>
<context>
    <name>studio::HfModelTabs</name>
    <message>
        <source>Config</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Modellkarte</translation>
    </message>
    <message>
        <source>Hugging Face model</source>
        <translation>Hugging-Face-Modell</translation>
    </message>
    <message>
        <source>config.json, the tokenizer or the card cannot be read: %1</source>
        <translation>config.json, der Tokenizer oder die Modellkarte kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>studio::HfSummary</name>
    <message>
        <source>Model type</source>
        <translation>Modelltyp</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>Verborgene Größe</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Attention-Köpfe</translation>
    </message>
    <message>
        <source>%1 (%2 key/value)</source>
        <translation>%1 (%2 Key/Value)</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Vokabular</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>Datentyp</translation>
    </message>
    <message>
        <source>tokenizer.json</source>
        <translation>tokenizer.json</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message numerus="yes">
        <source>%n special</source>
        <translation>
            <numerusform>%n spezielles</numerusform>
            <numerusform>%n spezielle</numerusform>
        </translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <source>Model card</source>
        <translation>Modellkarte</translation>
    </message>
    <message>
        <source>README.md</source>
        <translation>README.md</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>Generierung</translation>
    </message>
    <message>
        <source>Hugging Face model (config.json)</source>
        <translation>Hugging-Face-Modell (config.json)</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>Vokabulargröße</translation>
    </message>
    <message>
        <source>config.json</source>
        <translation>config.json</translation>
    </message>
    <message>
        <source>vocab_size %1 (the embedding's rows; may be padded)</source>
        <translation>vocab_size %1 (die Zeilen der Einbettung; ggf. aufgefüllt)</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>Spezielle Tokens</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Added tokens (%1)</source>
        <translation>Hinzugefügte Tokens (%1)</translation>
    </message>
    <message>
        <source>special</source>
        <translation>speziell</translation>
    </message>
    <message>
        <source>… and %1 more (in the vocabulary below)</source>
        <translation>… und %1 weitere (im Vokabular unten)</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>Chat-Vorlage</translation>
    </message>
    <message>
        <source>The card has no front matter (license, tags…).</source>
        <translation>Die Modellkarte hat keinen Front-Matter-Block (Lizenz, Tags …).</translation>
    </message>
</context>
<context>
    <name>studio::JsonTreeModel</name>
    <message>
        <source>… more left out (over %L1 rows)</source>
        <translation>… weitere ausgelassen (über %L1 Zeilen)</translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n Schlüssel}</numerusform>
            <numerusform>{%n Schlüssel}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n Element]</numerusform>
            <numerusform>[%n Elemente]</numerusform>
        </translation>
    </message>
    <message>
        <source>object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>array</source>
        <translation>Array</translation>
    </message>
    <message>
        <source>string</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>Wahrheitswert</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
</context>
<context>
    <name>studio::ModelFiles</name>
    <message>
        <source>README.md has no license in its front matter</source>
        <translation>README.md nennt im Front-Matter-Block keine Lizenz</translation>
    </message>
    <message>
        <source>README.md front matter: license</source>
        <translation>README.md, Front-Matter: license</translation>
    </message>
    <message>
        <source>README.md: the first paragraph, shortened to the 100 characters allowed</source>
        <translation>README.md: der erste Absatz, gekürzt auf die erlaubten 100 Zeichen</translation>
    </message>
    <message>
        <source>README.md: the first paragraph</source>
        <translation>README.md: der erste Absatz</translation>
    </message>
    <message>
        <source>README.md without its front matter</source>
        <translation>README.md ohne Front-Matter-Block</translation>
    </message>
    <message numerus="yes">
        <source>its %n image(s) packed under misc/</source>
        <translation>
            <numerusform>sein %n Bild unter misc/ gepackt</numerusform>
            <numerusform>seine %n Bilder unter misc/ gepackt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) not found in the folder or too large: left out</source>
        <translation>
            <numerusform>%n Bild nicht im Ordner gefunden oder zu groß: ausgelassen</numerusform>
            <numerusform>%n Bilder nicht im Ordner gefunden oder zu groß: ausgelassen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n Zeichen</numerusform>
            <numerusform>%n Zeichen</numerusform>
        </translation>
    </message>
    <message>
        <source>the folder's name</source>
        <translation>der Name des Ordners</translation>
    </message>
    <message>
        <source>the file's name</source>
        <translation>der Name der Datei</translation>
    </message>
    <message>
        <source>a TorchScript file (.pt, .pth, .torchscript)</source>
        <translation>eine TorchScript-Datei (.pt, .pth, .torchscript)</translation>
    </message>
    <message>
        <source>Python code with an entry point</source>
        <translation>Python-Code mit Einstiegspunkt</translation>
    </message>
    <message>
        <source>nothing in the files suggests a runner</source>
        <translation>nichts in den Dateien deutet auf einen Runner hin</translation>
    </message>
</context>
<context>
    <name>studio::TokenizerPane</name>
    <message>
        <source>Search the vocabulary: text, #id or id range 100-200</source>
        <translation>Vokabular durchsuchen: Text, #ID oder ID-Bereich 100-200</translation>
    </message>
    <message>
        <source>The vocabulary cannot be shown: %1</source>
        <translation>Das Vokabular kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>%1 of %2 tokens</source>
        <translation>%1 von %2 Tokens</translation>
    </message>
</context>
<context>
    <name>studio::VocabularyModel</name>
    <message>
        <source>special</source>
        <translation>speziell</translation>
    </message>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
</context>
<context>
    <name>studio::GraphReviewStyle</name>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>values unchanged</source>
        <translation>Werte unverändert</translation>
    </message>
    <message>
        <source>values changed: max |Δ| %1, relative L2 %2, %3% of elements</source>
        <translation>Werte geändert: max. |Δ| %1, relativ L2 %2, %3 % der Elemente</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) inside its bodies: double-click the node to open them.</source>
        <translation>
            <numerusform>%n Änderung in seinen Teilgraphen: Doppelklick auf den Knoten öffnet sie.</numerusform>
            <numerusform>%n Änderungen in seinen Teilgraphen: Doppelklick auf den Knoten öffnet sie.</numerusform>
        </translation>
    </message>
    <message>
        <source>op</source>
        <translation>Op</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>input %1</source>
        <translation>Eingang %1</translation>
    </message>
    <message>
        <source>outputs</source>
        <translation>Ausgänge</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Links</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>Rechts</translation>
    </message>
    <message>
        <source>show</source>
        <translation>anzeigen</translation>
    </message>
</context>
<context>
    <name>studio::GraphReviewView</name>
    <message>
        <source>Previous Change</source>
        <translation>Vorherige Änderung</translation>
    </message>
    <message>
        <source>Next Change</source>
        <translation>Nächste Änderung</translation>
    </message>
    <message>
        <source>Select the previous change (Shift+F8)</source>
        <translation>Die vorherige Änderung auswählen (Shift+F8)</translation>
    </message>
    <message>
        <source>Select the next change (F8)</source>
        <translation>Die nächste Änderung auswählen (F8)</translation>
    </message>
    <message>
        <source>Unchanged nodes are dimmed</source>
        <translation>Unveränderte Knoten sind abgeblendet</translation>
    </message>
    <message>
        <source>No changes</source>
        <translation>Keine Änderungen</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n Änderung</numerusform>
            <numerusform>%n Änderungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Change %1 of %2: %3</source>
        <translation>Änderung %1 von %2: %3</translation>
    </message>
</context>
<context>
    <name>studio::DocumentSelfTests</name>
    <message>
        <source>Writing the edited carton to run its self-tests…</source>
        <translation>Das bearbeitete Carton wird geschrieben, um seine Selbsttests auszuführen…</translation>
    </message>
    <message>
        <source>Run Self-tests</source>
        <translation>Selbsttests ausführen</translation>
    </message>
    <message>
        <source>Could not write the edited carton to run it: %1</source>
        <translation>Das bearbeitete Carton konnte zum Ausführen nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Keep as Tolerance</source>
        <translation>Als Toleranz übernehmen</translation>
    </message>
    <message>
        <source>Tolerance kept in carton.toml (Edit ▸ Undo takes it back); save to keep it.</source>
        <translation>Toleranz in carton.toml übernommen (Bearbeiten ▸ Rückgängig nimmt es zurück); speichern, um sie zu behalten.</translation>
    </message>
    <message>
        <source>Could not make a temporary folder for the edited carton: %1</source>
        <translation>Für das bearbeitete Carton konnte kein temporärer Ordner angelegt werden: %1</translation>
    </message>
</context>
<context>
    <name>studio::SpecsModel</name>
    <message>
        <source>input %1</source>
        <translation>Eingabe %1</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>Ausgabe %1</translation>
    </message>
    <message>
        <source>Output %1: the shape "%2" is not applied: %3</source>
        <translation>Ausgabe %1: Die Form „%2“ wurde nicht übernommen: %3</translation>
    </message>
    <message>
        <source>Input %1: the shape "%2" is not applied: %3</source>
        <translation>Eingabe %1: Die Form „%2“ wurde nicht übernommen: %3</translation>
    </message>
    <message>
        <source>Any shape. Type *, a symbol, [] for a scalar, or a list such as [batch, 3, *].</source>
        <translation>Beliebige Form. Geben Sie *, ein Symbol, [] für einen Skalar oder eine Liste wie [batch, 3, *] ein.</translation>
    </message>
    <message>
        <source>A scalar</source>
        <translation>Ein Skalar</translation>
    </message>
    <message>
        <source>%1 must have one value in %2</source>
        <translation>%1 muss in %2 einen einzigen Wert haben</translation>
    </message>
    <message>
        <source>%1 is a symbol (a size fixed at run time)</source>
        <translation>%1 ist ein Symbol (eine zur Laufzeit festgelegte Größe)</translation>
    </message>
    <message>
        <source>Rename Output</source>
        <translation>Ausgabe umbenennen</translation>
    </message>
    <message>
        <source>Rename Input</source>
        <translation>Eingabe umbenennen</translation>
    </message>
    <message>
        <source>Change Output DType</source>
        <translation>Datentyp der Ausgabe ändern</translation>
    </message>
    <message>
        <source>Change Input DType</source>
        <translation>Datentyp der Eingabe ändern</translation>
    </message>
    <message>
        <source>Edit Output Shape</source>
        <translation>Form der Ausgabe bearbeiten</translation>
    </message>
    <message>
        <source>Edit Input Shape</source>
        <translation>Form der Eingabe bearbeiten</translation>
    </message>
    <message>
        <source>Edit Output Description</source>
        <translation>Beschreibung der Ausgabe bearbeiten</translation>
    </message>
    <message>
        <source>Edit Input Description</source>
        <translation>Beschreibung der Eingabe bearbeiten</translation>
    </message>
    <message>
        <source>Edit Output Internal Name</source>
        <translation>Internen Namen der Ausgabe bearbeiten</translation>
    </message>
    <message>
        <source>Edit Input Internal Name</source>
        <translation>Internen Namen der Eingabe bearbeiten</translation>
    </message>
    <message>
        <source>* (any shape), a symbol for the whole shape, [] (a scalar), or a list of sizes, symbols and *: [batch, 3, *]</source>
        <translation>* (beliebige Form), ein Symbol für die ganze Form, [] (ein Skalar) oder eine Liste aus Größen, Symbolen und *: [batch, 3, *]</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>Datentyp</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Internal name</source>
        <translation>Interner Name</translation>
    </message>
</context>
<context>
    <name>studio::KernelGrid</name>
    <message>
        <source>%1 is not a stack of conv kernels [out, in, k, k].</source>
        <translation>%1 ist kein Stapel von Faltungskernen [out, in, k, k].</translation>
    </message>
</context>
<context>
    <name>studio::KernelGridPage</name>
    <message>
        <source>From output channel:</source>
        <translation>Ab Ausgabekanal:</translation>
    </message>
    <message>
        <source>from input channel:</source>
        <translation>ab Eingabekanal:</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) of %1 × %2: output channels (rows) %3–%4 of %5, input channels (columns) %6–%7 of %8.</source>
        <translation>
            <numerusform>%n Kernel der Größe %1 × %2: Ausgabekanäle (Zeilen) %3–%4 von %5, Eingabekanäle (Spalten) %6–%7 von %8.</numerusform>
            <numerusform>%n Kernel der Größe %1 × %2: Ausgabekanäle (Zeilen) %3–%4 von %5, Eingabekanäle (Spalten) %6–%7 von %8.</numerusform>
        </translation>
    </message>
    <message>
        <source>One colour scale: blue −%1, white 0, red +%1. Click a kernel to see its values in the table.</source>
        <translation>Eine Farbskala: blau −%1, weiß 0, rot +%1. Ein Klick auf einen Kernel zeigt seine Werte in der Tabelle.</translation>
    </message>
    <message>
        <source>Kernel [%1, %2, :, :]</source>
        <translation>Kernel [%1, %2, :, :]</translation>
    </message>
</context>
<context>
    <name>studio::ModelPaneActions</name>
    <message>
        <source>&amp;Model Panes</source>
        <translation>&amp;Modellbereiche</translation>
    </message>
    <message>
        <source>Model &amp;Summary</source>
        <translation>Modell&amp;zusammenfassung</translation>
    </message>
    <message>
        <source>Model &amp;Weights</source>
        <translation>Modell&amp;gewichte</translation>
    </message>
    <message>
        <source>Graph &amp;Properties</source>
        <translation>Graph-&amp;Eigenschaften</translation>
    </message>
</context>
<context>
    <name>studio::BackendComparisonView</name>
    <message>
        <source>not expected</source>
        <translation>nicht erwartet</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>A vs expected</source>
        <translation>A vs. erwartet</translation>
    </message>
    <message>
        <source>B vs expected</source>
        <translation>B vs. erwartet</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B vs. A</translation>
    </message>
    <message>
        <source>Max abs</source>
        <translation>Max. abs.</translation>
    </message>
    <message>
        <source>Max rel</source>
        <translation>Max. rel.</translation>
    </message>
    <message>
        <source>Elements off</source>
        <translation>Abweichende Elemente</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>studio::CompareOutputsPane</name>
    <message>
        <source>&amp;Run Both Models</source>
        <translation>Beide &amp;Modelle ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>A's self-test inputs</source>
        <translation>Selbsttest-Eingaben von A</translation>
    </message>
    <message>
        <source>B's self-test inputs</source>
        <translation>Selbsttest-Eingaben von B</translation>
    </message>
    <message>
        <source>Both sides' self-test inputs</source>
        <translation>Selbsttest-Eingaben beider Seiten</translation>
    </message>
    <message>
        <source>Whose [[self_test]] inputs both models run on</source>
        <translation>Mit wessen [[self_test]]-Eingaben beide Modelle laufen</translation>
    </message>
    <message>
        <source>Run A's and B's models (each in its sandboxed runner host, after asking) on the same inputs and compare B's outputs with A's</source>
        <translation>Die Modelle von A und B (jedes in seinem Runner-Host in der Sandbox, nach Rückfrage) mit denselben Eingaben ausführen und die Ausgaben von B mit denen von A vergleichen</translation>
    </message>
    <message>
        <source>Run on</source>
        <translation>Ausführen mit</translation>
    </message>
    <message>
        <source>Outputs are compared for two cartons: a bare model file has no runner and no self-test inputs.</source>
        <translation>Ausgaben werden für zwei Cartons verglichen: eine bloße Modelldatei hat keinen Runner und keine Selbsttest-Eingaben.</translation>
    </message>
    <message>
        <source>Press Run Both Models: A's and B's models run on the chosen self-test inputs, each in its own sandboxed runner host (you are asked first), and B's outputs are compared with A's under the tolerance below.</source>
        <translation>„Beide Modelle ausführen“ drücken: Die Modelle von A und B laufen mit den gewählten Selbsttest-Eingaben, jedes in seinem eigenen Runner-Host in der Sandbox (Sie werden vorher gefragt), und die Ausgaben von B werden unter der Toleranz unten mit denen von A verglichen.</translation>
    </message>
    <message>
        <source>Tolerance: %1</source>
        <translation>Toleranz: %1</translation>
    </message>
    <message>
        <source>Not run: the run was cancelled.</source>
        <translation>Nicht ausgeführt: Die Ausführung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Running A's model, then B's…</source>
        <translation>Das Modell von A läuft, dann das von B…</translation>
    </message>
    <message>
        <source>Outputs not compared: cancelled.</source>
        <translation>Ausgaben nicht verglichen: abgebrochen.</translation>
    </message>
    <message>
        <source>Could not run both models: %1</source>
        <translation>Die beiden Modelle konnten nicht ausgeführt werden: %1</translation>
    </message>
    <message>
        <source>B's</source>
        <translation>von B</translation>
    </message>
    <message>
        <source>A's</source>
        <translation>von A</translation>
    </message>
    <message>
        <source>B's outputs agree with A's on all %1 self-tests.</source>
        <translation>Die Ausgaben von B stimmen in allen %1 Selbsttests mit denen von A überein.</translation>
    </message>
    <message>
        <source>B's outputs differ from A's on %1 of %2 self-tests.</source>
        <translation>Die Ausgaben von B weichen in %1 von %2 Selbsttests von denen von A ab.</translation>
    </message>
    <message>
        <source>Run on: %1.</source>
        <translation>Ausgeführt mit: %1.</translation>
    </message>
    <message>
        <source>In the error map A is the expected side and B the actual one.</source>
        <translation>In der Fehlerkarte ist A die erwartete Seite und B die tatsächliche.</translation>
    </message>
</context>
<context>
    <name>studio::DocumentFilesModel</name>
    <message>
        <source>From the carton</source>
        <translation>Aus dem Carton</translation>
    </message>
    <message>
        <source>From the carton (was %1)</source>
        <translation>Aus dem Carton (vorher %1)</translation>
    </message>
    <message>
        <source>Linked (fetched from LINKS)</source>
        <translation>Verknüpft (aus LINKS abgerufen)</translation>
    </message>
    <message>
        <source>Added from disk</source>
        <translation>Vom Datenträger hinzugefügt</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>%1 is written when saving</source>
        <translation>%1 wird beim Speichern geschrieben</translation>
    </message>
</context>
<context>
    <name>studio::FilesEditor</name>
    <message>
        <source>Where added files go: model/ for the model, misc/ for images, audio and video the description or examples use</source>
        <translation>Wohin hinzugefügte Dateien kommen: model/ für das Modell, misc/ für Bilder, Audio und Video, die die Beschreibung oder die Beispiele verwenden</translation>
    </message>
    <message>
        <source>Add &amp;Files…</source>
        <translation>&amp;Dateien hinzufügen…</translation>
    </message>
    <message>
        <source>Add F&amp;older…</source>
        <translation>&amp;Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Re&amp;name</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>Add to:</source>
        <translation>Hinzufügen zu:</translation>
    </message>
    <message>
        <source>Drop files or folders here to add them. carton.toml, MANIFEST and tensor_data/index.toml are written when saving.</source>
        <translation>Dateien oder Ordner hier ablegen, um sie hinzuzufügen. carton.toml, MANIFEST und tensor_data/index.toml werden beim Speichern geschrieben.</translation>
    </message>
    <message>
        <source>Nothing added: %1</source>
        <translation>Nichts hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Nothing added: %1 is written when saving</source>
        <translation>Nichts hinzugefügt: %1 wird beim Speichern geschrieben</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>Datei hinzufügen</translation>
    </message>
    <message numerus="yes">
        <source>Add %n Files</source>
        <translation>
            <numerusform>%n Datei hinzufügen</numerusform>
            <numerusform>%n Dateien hinzufügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %n file(s) under %1</source>
        <translation>
            <numerusform>%n Datei unter %1 hinzugefügt</numerusform>
            <numerusform>%n Dateien unter %1 hinzugefügt</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Files</source>
        <translation>
            <numerusform>%n Datei entfernen</numerusform>
            <numerusform>%n Dateien entfernen</numerusform>
        </translation>
    </message>
    <message>
        <source>Add Files to %1</source>
        <translation>Dateien zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>Add Folder to %1</source>
        <translation>Ordner zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>Drop to add under %1</source>
        <translation>Ablegen, um unter %1 hinzuzufügen</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestListModel</name>
    <message>
        <source>Self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>Beispiel</translation>
    </message>
    <message>
        <source>(self-test %1)</source>
        <translation>(Selbsttest %1)</translation>
    </message>
    <message>
        <source>(example %1)</source>
        <translation>(Beispiel %1)</translation>
    </message>
    <message>
        <source>no description</source>
        <translation>keine Beschreibung</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
</context>
<context>
    <name>studio::GraphItemActions</name>
    <message>
        <source>Expand %1</source>
        <translation>%1 aufklappen</translation>
    </message>
    <message>
        <source>Collapse %1</source>
        <translation>%1 einklappen</translation>
    </message>
    <message>
        <source>Expand All Scopes</source>
        <translation>Alle Bereiche aufklappen</translation>
    </message>
    <message>
        <source>Collapse All Scopes</source>
        <translation>Alle Bereiche einklappen</translation>
    </message>
</context>
<context>
    <name>studio::GraphExport</name>
    <message>
        <source>export cancelled</source>
        <translation>Export abgebrochen</translation>
    </message>
    <message>
        <source>the graph is empty</source>
        <translation>der Graph ist leer</translation>
    </message>
    <message>
        <source>cannot write SVG</source>
        <translation>SVG kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>studio::GraphExportJob</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the export (nothing is written)</source>
        <translation>Export abbrechen (es wird nichts geschrieben)</translation>
    </message>
    <message>
        <source>Exporting… %p%</source>
        <translation>Exportiere… %p%</translation>
    </message>
    <message>
        <source>export cancelled</source>
        <translation>Export abgebrochen</translation>
    </message>
    <message>
        <source>Export Graph as SVG</source>
        <translation>Graph als SVG exportieren</translation>
    </message>
    <message>
        <source>Export Graph as PNG</source>
        <translation>Graph als PNG exportieren</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
</context>
<context>
    <name>studio::GraphVertices</name>
    <message>
        <source>%1 · %2 nodes</source>
        <translation>%1 · %2 Knoten</translation>
    </message>
    <message numerus="yes">
        <source>%1 ▸ %n node(s)</source>
        <translation>
            <numerusform>%1 ▸ %n Knoten</numerusform>
            <numerusform>%1 ▸ %n Knoten</numerusform>
        </translation>
    </message>
</context>
</TS>
