import * as BunnySDK from "https://esm.sh/@bunny.net/edgescript-sdk@0.11";
BunnySDK.net.http.serve(async () => new Response("Hello from the edge"));
