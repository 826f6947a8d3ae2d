"""Write the target's site: 300 small files in nested folders (d0..d9/e0..e2/f000..f009.txt) under argv[1]."""

import os
import sys

root = sys.argv[1]
for index in range(300):
    folder = os.path.join(root, "d%d" % (index % 10), "e%d" % (index // 10 % 3))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "f%03d.txt" % index), "w", encoding="utf-8") as stream:
        stream.write("file %d\n" % index)
