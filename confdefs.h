/* confdefs.h */
#define PACKAGE_NAME "medsiege"
#define PACKAGE_TARNAME "medsiege"
#define PACKAGE_VERSION "0.1.0"
#define PACKAGE_STRING "medsiege 0.1.0"
#define PACKAGE_BUGREPORT ""
#define PACKAGE_URL ""
#define PACKAGE "medsiege"
#define VERSION "0.1.0"
