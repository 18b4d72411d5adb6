import groovy.json.JsonSlurper

// The build failed (invoker.properties) because of the two copies, after writing both reports.
def reports = new File(basedir, 'target/fjdoctor')
def json = new JsonSlurper().parse(new File(reports, 'fjdoctor.json'))
assert json.tool.name == 'fjdoctor'
assert json.findings*.ruleId == ['copy-on-fork', 'copy-on-fork']
assert json.findings*.location*.path == ['src/main/java/demo/CopyingSum.java', 'src/main/java/demo/CopyingSum.java']
assert json.findings*.location*.line == [24, 25]
assert json.findings*.severity == ['warning', 'warning']

def sarif = new JsonSlurper().parse(new File(reports, 'fjdoctor.sarif'))
assert sarif.version == '2.1.0'
assert sarif.runs[0].results*.ruleId == ['copy-on-fork', 'copy-on-fork']
// The CLI's SARIF, fixes included: each copy has a fix (pass index ranges) with the edits to make.
assert sarif.runs[0].results.every { it.fixes && it.fixes[0].artifactChanges[0].replacements }
// URIs are relative to %SRCROOT%, the git root above the project (the repository this sample sits in
// when the build runs here; the project itself in a user's clone).
def artifacts = sarif.runs[0].results*.locations*.getAt(0)*.physicalLocation*.artifactLocation
assert artifacts*.uriBaseId == ['%SRCROOT%', '%SRCROOT%']
assert artifacts*.uri.every { it.endsWith('src/main/java/demo/CopyingSum.java') && !it.startsWith('/') }
assert new File(new URI(sarif.runs[0].originalUriBaseIds['%SRCROOT%'].uri).resolve(artifacts[0].uri)).isFile()

def log = new File(basedir, 'build.log').text
assert log.contains('[WARNING] src/main/java/demo/CopyingSum.java:24:'), 'findings are listed in the log'
assert log.contains('fjdoctor: 2 findings at or above warning in findings')
assert log.contains("fjdoctor: 2 of 2 finding(s) have a SAFE fix: 'mvn fjdoctor:fix' applies them")
assert log.contains('BUILD FAILURE')
return true
