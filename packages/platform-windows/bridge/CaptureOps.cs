// UIA bridge for @ufo-ts/platform-windows: screenshots as PNG (System.Drawing), in physical pixels.
using System;
using System.Collections.Generic;
using System.Drawing;
using System.Drawing.Imaging;
using System.IO;

namespace UfoTs.UiaBridge
{
    public static class CaptureOps
    {
        static string Png(Bitmap bitmap)
        {
            using (var stream = new MemoryStream())
            {
                bitmap.Save(stream, ImageFormat.Png);
                return Convert.ToBase64String(stream.ToArray());
            }
        }

        static Dictionary<string, object> Result(Bitmap bitmap, RECT rect)
        {
            var result = new Dictionary<string, object>();
            result["png"] = Png(bitmap);
            result["rect"] = WindowOps.Rect(rect);
            return result;
        }

        static RECT ReadRect(Args r)
        {
            var rect = new RECT();
            rect.Left = (int)r.Long("left");
            rect.Top = (int)r.Long("top");
            rect.Right = (int)r.Long("right");
            rect.Bottom = (int)r.Long("bottom");
            return rect;
        }

        static Bitmap FromScreen(RECT rect)
        {
            int width = Math.Max(1, rect.Right - rect.Left);
            int height = Math.Max(1, rect.Bottom - rect.Top);
            var bitmap = new Bitmap(width, height, PixelFormat.Format24bppRgb);
            using (Graphics g = Graphics.FromImage(bitmap))
            {
                g.CopyFromScreen(rect.Left, rect.Top, 0, 0, new Size(width, height), CopyPixelOperation.SourceCopy | CopyPixelOperation.CaptureBlt);
            }
            return bitmap;
        }

        /// <summary>A screen rectangle (default: the whole virtual screen, all monitors).</summary>
        public static Dictionary<string, object> Screen(Args args)
        {
            RECT rect;
            if (args.Has("rect")) rect = ReadRect(args.Object("rect"));
            else
            {
                rect = new RECT();
                rect.Left = Native.GetSystemMetrics(Native.SM_XVIRTUALSCREEN);
                rect.Top = Native.GetSystemMetrics(Native.SM_YVIRTUALSCREEN);
                rect.Right = rect.Left + Native.GetSystemMetrics(Native.SM_CXVIRTUALSCREEN);
                rect.Bottom = rect.Top + Native.GetSystemMetrics(Native.SM_CYVIRTUALSCREEN);
            }
            using (Bitmap bitmap = FromScreen(rect)) return Result(bitmap, rect);
        }

        /// <summary>
        /// A window: PrintWindow(PW_RENDERFULLCONTENT) sees it even when covered; cropped to the visible bounds
        /// (without the invisible resize border). method "screen" copies its area from the screen instead.
        /// </summary>
        public static Dictionary<string, object> Window(Args args)
        {
            IntPtr hwnd = WindowOps.Handle(args);
            RECT bounds = WindowOps.Bounds(hwnd);
            string method = args.Has("method") ? args.String("method") : "printWindow";
            if (method == "screen")
            {
                using (Bitmap bitmap = FromScreen(bounds)) return Result(bitmap, bounds);
            }
            RECT full;
            Native.GetWindowRect(hwnd, out full);
            int width = Math.Max(1, full.Right - full.Left);
            int height = Math.Max(1, full.Bottom - full.Top);
            using (var whole = new Bitmap(width, height, PixelFormat.Format24bppRgb))
            {
                using (Graphics g = Graphics.FromImage(whole))
                {
                    IntPtr hdc = g.GetHdc();
                    bool printed = Native.PrintWindow(hwnd, hdc, Native.PW_RENDERFULLCONTENT) || Native.PrintWindow(hwnd, hdc, 0);
                    g.ReleaseHdc(hdc);
                    if (!printed) throw new BridgeException("internal", "PrintWindow failed");
                }
                if (!Native.IsWindow(hwnd)) throw new BridgeException("window_not_found", "the window closed while it was being captured");
                var crop = new Rectangle(
                    Math.Max(0, bounds.Left - full.Left),
                    Math.Max(0, bounds.Top - full.Top),
                    Math.Min(width, bounds.Right - bounds.Left),
                    Math.Min(height, bounds.Bottom - bounds.Top));
                if (crop.Width <= 0 || crop.Height <= 0 || crop.Right > width || crop.Bottom > height) return Result(whole, full);
                using (Bitmap visible = whole.Clone(crop, PixelFormat.Format24bppRgb)) return Result(visible, bounds);
            }
        }
    }
}
