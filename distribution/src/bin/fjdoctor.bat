@REM fjdoctor's launcher in the distribution archive on Windows: the twin of bin/fjdoctor (JVM choice,
@REM default JVM options, exit codes).
@echo off
setlocal

for %%H in ("%~dp0..") do set "FJDOCTOR_HOME=%%~fH"
set "JAR=%FJDOCTOR_HOME%\lib\fjdoctor.jar"

@REM The JVM: %FJDOCTOR_JAVA%, else %JAVA_HOME%\bin\java.exe, else java on the PATH.
set "JAVA_EXE=%FJDOCTOR_JAVA%"
if not defined JAVA_EXE if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
if not defined JAVA_EXE set "JAVA_EXE=java"
if exist "%JAVA_EXE%" goto java_found
where "%JAVA_EXE%" >nul 2>nul && goto java_found
echo fjdoctor: no Java runtime at '%JAVA_EXE%' ^(set FJDOCTOR_JAVA or JAVA_HOME, or put java 17+ on the PATH^) 1>&2
exit /b 1

:java_found
@REM cmd cannot hold an empty variable, so FJDOCTOR_JAVA_OPTS=" " (one space) asks for the JVM's own defaults.
set "OPTS=-XX:+UseSerialGC -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=25 -XX:TieredStopAtLevel=1"
if defined FJDOCTOR_JAVA_OPTS set "OPTS=%FJDOCTOR_JAVA_OPTS%"

"%JAVA_EXE%" %OPTS% "-Dfjdoctor.home=%FJDOCTOR_HOME%" -jar "%JAR%" %*
exit /b %ERRORLEVEL%
