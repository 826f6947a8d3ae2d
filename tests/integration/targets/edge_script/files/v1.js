export default async function handler(request) {
  return new Response("integration v1");
}
