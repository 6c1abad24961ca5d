<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>studio</name>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="25"/>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="40"/>
        <source>Stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="41"/>
        <source>Deflate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="42"/>
        <source>zstd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="43"/>
        <source>method %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="51"/>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="52"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="53"/>
        <source>Mismatch</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="54"/>
        <source>Missing</source>
        <translation>Fehlt</translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="55"/>
        <source>Linked</source>
        <translation>Verlinkt</translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="56"/>
        <source>Not in MANIFEST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="57"/>
        <source>Unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="105"/>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="106"/>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../widgets/views/viewutils.cpp" line="107"/>
        <source>Info</source>
        <translation>Hinweis</translation>
    </message>
</context>
<context>
    <name>studio::AboutDialog</name>
    <message>
        <location filename="../widgets/shell/aboutdialog.cpp" line="20"/>
        <source>About %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/aboutdialog.cpp" line="21"/>
        <source>&lt;h2&gt;%1&lt;/h2&gt;&lt;p&gt;Version %2&lt;/p&gt;&lt;p&gt;Author and browse &lt;code&gt;.carton&lt;/code&gt; machine-learning model packages.&lt;/p&gt;&lt;p&gt;Built with Qt %3, running on Qt %4.&lt;/p&gt;&lt;p&gt;Licensed under the Apache License, Version 2.0.&lt;br&gt;Copyright © Carton Studio contributors.&lt;/p&gt;&lt;p&gt;The Carton format is by Vivek Panyam and contributors (&lt;a href=&quot;https://github.com/VivekPanyam/carton&quot;&gt;github.com/VivekPanyam/carton&lt;/a&gt;).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::CardProbe</name>
    <message>
        <location filename="../widgets/shell/cardprobe.cpp" line="29"/>
        <source>The window is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/cardprobe.cpp" line="36"/>
        <source>No carton was given.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::CartonFilesModel</name>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="193"/>
        <source>MANIFEST lists the hashes of the other files; its own sha256 is the model hash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="194"/>
        <source>LINKS is not part of MANIFEST: it only says where linked files can be fetched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="216"/>
        <source>not in archive</source>
        <translation>nicht im Archiv</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="217"/>
        <source>symlink → %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="232"/>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="234"/>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="238"/>
        <source>Not listed in MANIFEST</source>
        <translation>Nicht in MANIFEST</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="239"/>
        <source>sha256 in MANIFEST: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="270"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="271"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="272"/>
        <source>Compressed</source>
        <translation>Komprimiert</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="273"/>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="274"/>
        <source>SHA-256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonfilesmodel.cpp" line="275"/>
        <source>Verification</source>
        <translation>Prüfung</translation>
    </message>
</context>
<context>
    <name>studio::CartonPage</name>
    <message>
        <location filename="../widgets/shell/cartonpage.cpp" line="99"/>
        <source>Opening %1…</source>
        <translation>Öffne %1…</translation>
    </message>
    <message>
        <location filename="../widgets/shell/cartonpage.cpp" line="234"/>
        <source>This carton has a problem that makes it invalid; see the Diagnostics panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/cartonpage.cpp" line="235"/>
        <source>This carton has %1 problems that make it invalid; see the Diagnostics panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/cartonpage.cpp" line="248"/>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../widgets/shell/cartonpage.cpp" line="283"/>
        <source>sha256 %1 does not match MANIFEST (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/cartonpage.cpp" line="289"/>
        <source>could not be read</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::CartonView</name>
    <message>
        <location filename="../widgets/views/cartonview.cpp" line="41"/>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonview.cpp" line="42"/>
        <source>Inputs / Outputs</source>
        <translation>Eingaben / Ausgaben</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonview.cpp" line="43"/>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonview.cpp" line="44"/>
        <source>Tensor Data</source>
        <translation>Tensordaten</translation>
    </message>
    <message>
        <location filename="../widgets/views/cartonview.cpp" line="45"/>
        <source>Self-tests &amp;&amp; Examples</source>
        <translation>Selbsttests &amp;&amp; Beispiele</translation>
    </message>
</context>
<context>
    <name>studio::CommandLine</name>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="17"/>
        <source>Browse and check .carton model packages.</source>
        <translation>.carton-Modellpakete ansehen und prüfen.</translation>
    </message>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="22"/>
        <source>Show this tab of each carton first: a name (overview, inputs, files, tensors, tests) or a number (1 = first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="28"/>
        <source>Once everything is open and verified, save a picture of the window to &lt;file&gt; and quit (implies --new-instance).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="34"/>
        <source>Wait &lt;ms&gt; after the window is idle before the picture.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="38"/>
        <source>Open a new window even when Carton Studio is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="42"/>
        <source>Quit as soon as the first carton is shown, printing the time it took (startup benchmark; implies --new-instance).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="48"/>
        <source>.carton files or unpacked carton folders to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/commandline.cpp" line="63"/>
        <source>--screenshot-delay expects milliseconds (0 to 600000), got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::DescriptionBrowser</name>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="117"/>
        <source>Image not shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="122"/>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="129"/>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="126"/>
        <source>Remote image not loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="131"/>
        <source>Image not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="137"/>
        <source>no carton</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="187"/>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="197"/>
        <source>larger than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="192"/>
        <source>redirected away from https</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="219"/>
        <source>unreadable image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/descriptionbrowser.cpp" line="266"/>
        <source>Link not opened: only http and https links are followed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::DiagnosticsDock</name>
    <message>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="15"/>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="73"/>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="18"/>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
    <message>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="76"/>
        <source>1 error</source>
        <translation>1 Fehler</translation>
    </message>
    <message>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="76"/>
        <source>%1 errors</source>
        <translation>%1 Fehler</translation>
    </message>
    <message>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="77"/>
        <source>1 warning</source>
        <translation>1 Warnung</translation>
    </message>
    <message>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="77"/>
        <source>%1 warnings</source>
        <translation>%1 Warnungen</translation>
    </message>
    <message>
        <location filename="../widgets/shell/diagnosticsdock.cpp" line="78"/>
        <source>Diagnostics (%1, %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::DiagnosticsModel</name>
    <message>
        <location filename="../widgets/views/diagnosticsmodel.cpp" line="81"/>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <location filename="../widgets/views/diagnosticsmodel.cpp" line="82"/>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <location filename="../widgets/views/diagnosticsmodel.cpp" line="83"/>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>studio::ErrorPage</name>
    <message>
        <location filename="../widgets/shell/errorpage.cpp" line="22"/>
        <source>Try Again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <location filename="../widgets/shell/errorpage.cpp" line="23"/>
        <source>Close Tab</source>
        <translation>Tab schließen</translation>
    </message>
</context>
<context>
    <name>studio::ExtractJob</name>
    <message>
        <location filename="../widgets/views/extractjob.cpp" line="17"/>
        <source>Extracting…</source>
        <translation>Entpacke…</translation>
    </message>
    <message>
        <location filename="../widgets/views/extractjob.cpp" line="17"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../widgets/views/extractjob.cpp" line="18"/>
        <source>Extract</source>
        <translation>Entpacken</translation>
    </message>
    <message>
        <location filename="../widgets/views/extractjob.cpp" line="63"/>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/extractjob.cpp" line="72"/>
        <source>Extracting %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::FilePreview</name>
    <message>
        <location filename="../widgets/views/filepreview.cpp" line="81"/>
        <source>%1 is not in the archive: it is listed in LINKS (not fetched).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/filepreview.cpp" line="82"/>
        <source>%1 is not in the archive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/filepreview.cpp" line="112"/>
        <source>image larger than %1 bytes is not previewed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::FileViewer</name>
    <message>
        <location filename="../widgets/views/fileviewer.cpp" line="72"/>
        <source>Select a file to see its contents.</source>
        <translation>Wählen Sie eine Datei, um ihren Inhalt zu sehen.</translation>
    </message>
    <message>
        <location filename="../widgets/views/fileviewer.cpp" line="93"/>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <location filename="../widgets/views/fileviewer.cpp" line="115"/>
        <source>(showing the first %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/fileviewer.cpp" line="130"/>
        <source>— binary; first %1 bytes:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::FilesPage</name>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="37"/>
        <source>Extract…</source>
        <translation>Entpacken…</translation>
    </message>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="39"/>
        <source>Extract the selected files (or everything when nothing is selected) into a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="142"/>
        <source>Extract Everything To</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/views/filespage.cpp" line="142"/>
        <source>Extract %n File(s) To</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="148"/>
        <location filename="../widgets/views/filespage.cpp" line="176"/>
        <source>Extract</source>
        <translation>Entpacken</translation>
    </message>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="149"/>
        <source>The folder %1 is not empty. Files with the same names will be replaced. Continue?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/views/filespage.cpp" line="166"/>
        <source>Extracted %n file(s) (%1) to %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/views/filespage.cpp" line="169"/>
        <source>%n linked file(s) were not fetched.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="172"/>
        <source>Extraction cancelled; nothing was left behind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="174"/>
        <source>Extraction failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/filespage.cpp" line="176"/>
        <source>Extraction failed:
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::ImageDecoder</name>
    <message>
        <location filename="../widgets/views/imagedecoder.cpp" line="38"/>
        <source>not an image format this application can read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/imagedecoder.cpp" line="47"/>
        <source>image too large (%1 × %2 pixels)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::MainWindow</name>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="84"/>
        <source>Nothing to show for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="105"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="107"/>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="111"/>
        <source>Open &amp;Folder…</source>
        <translation>&amp;Ordner öffnen…</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="114"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="116"/>
        <source>Open &amp;Sample Carton</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="120"/>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="124"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="129"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="131"/>
        <source>Copy Model &amp;Hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="135"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="141"/>
        <source>&amp;Next Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="146"/>
        <source>&amp;Previous Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="152"/>
        <source>&amp;Full Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="158"/>
        <source>&amp;Carton</source>
        <translation>&amp;Carton</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="160"/>
        <source>&amp;Verify Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="164"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="165"/>
        <source>&amp;About Carton Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="168"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="188"/>
        <source>Clear Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="233"/>
        <source>Open Carton</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="234"/>
        <source>Cartons (*.carton);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="243"/>
        <source>Open Carton Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="269"/>
        <source>Model hash copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="419"/>
        <source>Could not be opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="425"/>
        <source>Files failed verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="428"/>
        <source>Not a valid carton: see Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="431"/>
        <source>Verifying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="434"/>
        <source>All files verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="455"/>
        <source>No carton open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="460"/>
        <source>Opening…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="462"/>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/mainwindow.cpp" line="464"/>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
</context>
<context>
    <name>studio::MarkdownRenderer</name>
    <message>
        <location filename="../widgets/views/markdownrenderer.cpp" line="303"/>
        <source>(The description is too long and was cut.)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::OverviewPage</name>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="120"/>
        <source>carton.toml could not be read; see the diagnostics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="131"/>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="132"/>
        <source>License:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="133"/>
        <source>Repository:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="136"/>
        <source>Homepage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="139"/>
        <source>Platforms:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="139"/>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="141"/>
        <source>Runner:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="143"/>
        <source>Framework version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="145"/>
        <source>Compat version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="150"/>
        <source>Runner options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="151"/>
        <source>Spec version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="164"/>
        <source>(no MANIFEST)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="169"/>
        <source>Copy the model hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="175"/>
        <source>Model hash:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="196"/>
        <source>This description has remote images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="198"/>
        <source>Load Them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="201"/>
        <source>Fetch the images over https and remember the choice for this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="219"/>
        <source>No description.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="224"/>
        <source>This description has a remote image. Nothing is fetched until you allow it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="225"/>
        <source>This description has %1 remote images. Nothing is fetched until you allow it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/overviewpage.cpp" line="253"/>
        <source>Model hash copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::Screenshotter</name>
    <message>
        <location filename="../widgets/shell/screenshotter.cpp" line="39"/>
        <location filename="../widgets/shell/screenshotter.cpp" line="52"/>
        <source>The window is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/screenshotter.cpp" line="58"/>
        <source>Could not save the screenshot to %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::SelfTestsModel</name>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="47"/>
        <source>not in tensor_data/index.toml</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/views/selftestsmodel.cpp" line="49"/>
        <source>nested, %n inner</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="55"/>
        <source>file, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="56"/>
        <source>linked file (not in the archive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="56"/>
        <source>missing file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="58"/>
        <source>not a @tensor_data/ or @misc/ reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="71"/>
        <location filename="../widgets/views/selftestsmodel.cpp" line="83"/>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="73"/>
        <source>expected output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="84"/>
        <source>sample output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="172"/>
        <source>Example %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="172"/>
        <source>Self-test %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="173"/>
        <source>example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="173"/>
        <source>self-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="213"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="214"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="215"/>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/selftestsmodel.cpp" line="216"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::SelfTestsPage</name>
    <message>
        <location filename="../widgets/views/selftestspage.cpp" line="57"/>
        <source>This carton has no self-tests or examples.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::SpecsPage</name>
    <message>
        <location filename="../widgets/views/specspage.cpp" line="48"/>
        <source>None declared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/specspage.cpp" line="57"/>
        <source>Inputs (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/specspage.cpp" line="58"/>
        <source>Outputs (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::TensorListModel</name>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="46"/>
        <source>%1: %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="51"/>
        <source>self-test %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="52"/>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="60"/>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="54"/>
        <source>expected output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="59"/>
        <source>example %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="61"/>
        <source>sample output</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/views/tensorlistmodel.cpp" line="69"/>
        <source>%n inner</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="81"/>
        <source>inner of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="135"/>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="160"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="161"/>
        <source>DType</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="162"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="163"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorlistmodel.cpp" line="164"/>
        <source>Referenced by</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::TensorPreview</name>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="33"/>
        <source>tensor_data/index.toml is missing or could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="38"/>
        <source>No tensor named %1 in tensor_data/index.toml.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="48"/>
        <source>%1: missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/views/tensorpreview.cpp" line="50"/>
        <source>A nested tensor of %n inner tensor(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="55"/>
        <source>The index entry of %1 has no shape or file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="62"/>
        <source>The shape %1 of %2 is invalid or too large.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="94"/>
        <source>Showing [%1, :, :] of shape %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="97"/>
        <source>Only the first %1 × %2 values are shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="119"/>
        <source>%1 has no previewable dtype.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorpreview.cpp" line="140"/>
        <source>%1 is shorter than its dtype and shape require (%2 bytes read, %3 expected).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::TensorSpecModel</name>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="61"/>
        <source>Any shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="63"/>
        <source>A scalar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="66"/>
        <source>%1
Symbols must have the same value wherever they are used: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="98"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="99"/>
        <source>DType</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="100"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="101"/>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspecmodel.cpp" line="102"/>
        <source>Internal name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::TensorValuesModel</name>
    <message>
        <location filename="../widgets/views/tensorvaluesmodel.cpp" line="91"/>
        <source>Inner tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorvaluesmodel.cpp" line="93"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::TensorsPage</name>
    <message>
        <location filename="../widgets/views/tensorspage.cpp" line="51"/>
        <source>Select a tensor to see its values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspage.cpp" line="52"/>
        <source>This carton has no tensor data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspage.cpp" line="112"/>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspage.cpp" line="127"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/views/tensorspage.cpp" line="127"/>
        <source>all values</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::VerificationStatus</name>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="47"/>
        <source>Cancel verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="48"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="99"/>
        <source>Verifying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="104"/>
        <source>Verification cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="111"/>
        <source>1 file verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="111"/>
        <source>All %1 files verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="115"/>
        <source>1 file failed verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/verificationstatus.cpp" line="116"/>
        <source>%1 files failed verification</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>studio::WelcomePage</name>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="42"/>
        <source>No recent cartons.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="43"/>
        <source>Open Carton…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="45"/>
        <source>Open Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="46"/>
        <source>Open Sample Carton</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="57"/>
        <source>Browse and check .carton model packages.</source>
        <translation>.carton-Modellpakete ansehen und prüfen.</translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="71"/>
        <source>The sample carton was not found next to the application.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="82"/>
        <source>&lt;b&gt;Start&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="87"/>
        <source>Or drop .carton files and carton folders anywhere on this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/shell/welcomepage.cpp" line="95"/>
        <source>&lt;b&gt;Recent&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
