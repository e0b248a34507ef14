// Runs the real bridge loop under mono on Linux (tests only): same JSON-lines protocol, without user32/UIA.
public static class MonoHost
{
    public static int Main()
    {
        return UfoTs.UiaBridge.Server.Run();
    }
}
