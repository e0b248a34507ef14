# UIA bridge bootstrap for @ufo-ts/platform-windows (in-box Windows PowerShell 5.1, no installs).
# Started as: powershell.exe -NoLogo -NoProfile -NonInteractive -EncodedCommand <this script>
# It compiles the C# bridge (the *.cs files next to it) once with the .NET Framework compiler that ships with
# Windows, caches the DLL under UFO_TS_BRIDGE_CACHE and runs it. From then on stdin/stdout carry only JSON lines;
# nothing read from stdin is ever run as PowerShell.
$ErrorActionPreference = 'Stop'

function Send-Fatal([string]$code, [string]$message) {
  $escaped = $message.Replace('\', '\\').Replace('"', '\"').Replace("`r", '\r').Replace("`n", '\n').Replace("`t", '\t')
  [Console]::Out.WriteLine('{"id":0,"ok":false,"error":{"code":"' + $code + '","message":"' + $escaped + '"}}')
  [Console]::Out.Flush()
}

try {
  $mode = $ExecutionContext.SessionState.LanguageMode
  if ($mode -ne 'FullLanguage') {
    Send-Fatal 'helper_blocked' ("PowerShell runs in $mode mode (AppLocker/WDAC policy); the UIA bridge needs FullLanguage to load its C# code")
    exit 3
  }
  $sourceDir = $env:UFO_TS_BRIDGE_DIR
  $cacheDir = $env:UFO_TS_BRIDGE_CACHE
  $sources = @(Get-ChildItem -LiteralPath $sourceDir -Filter '*.cs' | Sort-Object Name | ForEach-Object { $_.FullName })
  if ($sources.Count -eq 0) { throw "no C# sources in $sourceDir" }

  $names = @('UIAutomationClient', 'UIAutomationTypes', 'WindowsBase', 'System.Drawing')
  Add-Type -AssemblyName $names
  $loaded = [AppDomain]::CurrentDomain.GetAssemblies()
  $references = @($names | ForEach-Object { $n = $_; ($loaded | Where-Object { $_.GetName().Name -eq $n } | Select-Object -First 1).Location })

  $bytes = New-Object 'System.Collections.Generic.List[byte]'
  foreach ($source in $sources) { $bytes.AddRange([System.IO.File]::ReadAllBytes($source)) }
  $sha = [System.Security.Cryptography.SHA256]::Create()
  $hash = ([BitConverter]::ToString($sha.ComputeHash($bytes.ToArray())) -replace '-', '').Substring(0, 16)
  $dll = Join-Path $cacheDir "UfoTsUiaBridge-$hash.dll"

  if (-not (Test-Path -LiteralPath $dll)) {
    New-Item -ItemType Directory -Force -Path $cacheDir | Out-Null
    $temporary = Join-Path $cacheDir "UfoTsUiaBridge-$hash-$PID.dll"
    Add-Type -Path $sources -ReferencedAssemblies $references -OutputAssembly $temporary -OutputType Library
    Move-Item -LiteralPath $temporary -Destination $dll -Force
  }

  $assembly = [System.Reflection.Assembly]::LoadFrom($dll)
  $exitCode = $assembly.GetType('UfoTs.UiaBridge.Server').GetMethod('Run').Invoke($null, $null)
  exit $exitCode
} catch {
  Send-Fatal 'internal' ('the UIA bridge could not start: ' + $_.Exception.Message)
  exit 2
}
