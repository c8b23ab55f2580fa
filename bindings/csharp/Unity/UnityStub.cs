// Stand-ins for the two UnityEngine names DaifugoTable.cs uses, so that CI compiles and runs it
// under Mono without Unity. Not part of the bindings: in Unity, UnityEngine provides them.

using System.Collections.Generic;

namespace UnityEngine
{
    public class MonoBehaviour
    {
    }

    public static class Debug
    {
        // Every logged line, kept for the tests (Unity shows them in its console).
        public static readonly List<string> Lines = new List<string>();

        public static void Log(object message)
        {
            Lines.Add(message.ToString());
        }
    }
}
