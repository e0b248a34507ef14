// The Debian packages the tests and the demo need: the virtual desktop (Xvfb, a private D-Bus, AT-SPI2, a window
// manager, the apps the tests and the demo drive) and the tools some tests use (mono for the Windows bridge, redis-server and redis-cli for the cluster). Installed with apt-get when missing; a no-op otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian package → a file whose presence shows it is installed. */
export const DESKTOP_PACKAGES = {
  xvfb: '/usr/bin/Xvfb',
  xauth: '/usr/bin/xauth',
  'dbus-daemon': '/usr/bin/dbus-daemon',
  'at-spi2-core': '/usr/libexec/at-spi-bus-launcher',
  'matchbox-window-manager': '/usr/bin/matchbox-window-manager',
  'x11-utils': '/usr/bin/xwininfo',
  'libglib2.0-bin': '/usr/bin/gdbus',
  'gnome-calculator': '/usr/bin/gnome-calculator',
  galculator: '/usr/bin/galculator',
  mousepad: '/usr/bin/mousepad',
  // the real-app task suite (@ufo-ts/task-suite, `ufo eval`): a GTK 3 form, a Qt 5 editor, a GTK 4 editor
  zenity: '/usr/bin/zenity',
  featherpad: '/usr/bin/featherpad',
  // the GTK 3 platform theme the task suite's Qt 5 tasks were measured with
  'qt5-gtk-platformtheme': '/usr/lib/x86_64-linux-gnu/qt5/plugins/platformthemes/libqgtk3.so',
  'gnome-text-editor': '/usr/bin/gnome-text-editor',
  // the task suite's perception tasks: apps without accessibility (xcalc; a Tk form run by wish, whose alternative
  // /usr/bin/wish tk8.6 registers) and a spreadsheet that draws its cells (gnumeric, with ssconvert for the checker)
  'x11-apps': '/usr/bin/xcalc',
  'tk8.6': '/usr/bin/wish8.6',
  gnumeric: '/usr/bin/gnumeric',
  // the task suite's file-manager tasks (tasks/thunar: create, rename, move, delete files; checked on disk)
  thunar: '/usr/bin/thunar',
  // the task suite's image-viewer tasks (tasks/eog: rotate, convert, delete images, preferences via GSettings keyfile)
  eog: '/usr/bin/eog',
  // the office tasks (@ufo-ts/task-suite tasks/writer, calc, impress): LibreOffice with its GTK 3 plugin, the one
  // with AT-SPI accessibility (the desktop sets SAL_USE_VCLPLUGIN=gtk3)
  'libreoffice-writer': '/usr/lib/libreoffice/program/swriter',
  'libreoffice-calc': '/usr/lib/libreoffice/program/scalc',
  'libreoffice-impress': '/usr/lib/libreoffice/program/simpress',
  'libreoffice-gtk3': '/usr/lib/libreoffice/program/libvclplug_gtk3lo.so',
  // the server's web console is tested in headless Chromium (playwright-core drives this one; no browser is downloaded)
  chromium: '/usr/bin/chromium',
  // text from screenshots (@ufo-ts/ocr): the Tesseract engine and its English model
  'tesseract-ocr': '/usr/bin/tesseract',
  'tesseract-ocr-eng': '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata',
  // bench/linux-desktop compares its tree reads with pyatspi in the same run
  'python3-pyatspi': '/usr/lib/python3/dist-packages/pyatspi/__init__.py',
  // platform-windows compiles its UIA bridge (C# 5) under mono to check it off Windows
  'mono-mcs': '/usr/bin/mcs',
  'libmono-windowsbase4.0-cil': '/usr/lib/mono/4.5/WindowsBase.dll',
  'libmono-system-drawing4.0-cil': '/usr/lib/mono/4.5/System.Drawing.dll',
  // the shell tool runs its programs under bubblewrap (only /usr and the allowed roots visible, a private /proc)
  bubblewrap: '/usr/bin/bwrap',
  // the cluster tests and bench/cluster start their own Redis 7 (sharded pub/sub, BullMQ) on a free loopback port
  'redis-server': '/usr/bin/redis-server',
  // the Redis Cluster test joins its six redis-servers with `redis-cli --cluster create`
  'redis-tools': '/usr/bin/redis-cli',
};

export function missingDesktopPackages() {
  return Object.entries(DESKTOP_PACKAGES)
    .filter(([, file]) => !existsSync(file))
    .map(([name]) => name);
}

export function ensureDesktopPackages({ log }) {
  if (process.platform !== 'linux') return;
  const missing = missingDesktopPackages();
  if (missing.length === 0) {
    log('desktop packages present');
    return;
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    log(`desktop packages missing and not root, desktop tests will be skipped: ${missing.join(' ')}`);
    return;
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) throw new Error('apt-get update failed');
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  if (install.status !== 0) throw new Error(`apt-get install failed for: ${missing.join(' ')}`);
}
